// The contact screen's strings travel in its chunk, not in every page's catalogue.
import { addStrings } from '@/i18n';
import ar from '@/i18n/ar/contact.json';
import en from '@/i18n/en/contact.json';

addStrings({ ar, en });

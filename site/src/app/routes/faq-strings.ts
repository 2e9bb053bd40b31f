// The FAQ screen's own strings travel in its chunk, not in every page's catalogue.
import { addStrings } from '@/i18n';
import ar from '@/i18n/ar/faq.json';
import en from '@/i18n/en/faq.json';

addStrings({ ar, en });

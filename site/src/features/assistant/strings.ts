// The assistant screen's strings travel in its chunk, not in every page's catalogue.
import { addStrings } from '@/i18n';
import ar from '@/i18n/ar/assistant.json';
import en from '@/i18n/en/assistant.json';

addStrings({ ar, en });

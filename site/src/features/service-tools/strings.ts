// The services list's and service screen's own strings (headings and the tools') travel in their
// chunks, not in every page's catalogue.
import { addStrings } from '@/i18n';
import ar from '@/i18n/ar/service.json';
import en from '@/i18n/en/service.json';

addStrings({ ar, en });

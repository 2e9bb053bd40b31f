// The services list's and service screen's own strings (headings and the tools') travel in their
// chunks, not in every page's catalogue.
import { addStrings } from '@/i18n';
import strings from 'virtual:sahel/strings/service';

addStrings(strings);

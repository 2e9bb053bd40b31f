// The FAQ screen's own strings (every language's) travel in its chunk, not in every page's catalogue.
import { addStrings } from '@/i18n';
import strings from 'virtual:sahel/strings/faq';

addStrings(strings);

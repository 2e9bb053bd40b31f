// The assistant screen's strings (every language's) travel in its chunk, not in every page's catalogue.
import { addStrings } from '@/i18n';
import strings from 'virtual:sahel/strings/assistant';

addStrings(strings);

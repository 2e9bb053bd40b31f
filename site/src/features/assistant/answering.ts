// The assistant's answering code (the built-in answerer with its normalisation and index, and
// the backend function's client): its own chunk, which `use-assistant.ts` loads once the browser
// is idle after the screen mounts (with the index) or on the first question, so the screen's
// first visit carries only the conversation's markup and state.
export { answerMarkdown, answerQuestion, loadArabizi, loadSearchIndex, searchPassages } from '@/shared/site-index/answerer';
export { askAssistantFunction, assistantBackend } from './function-client';

// The assistant's answering code (the built-in answerer with its normalisation and index, its
// learned layer, and the backend function's client): its own chunk, which `use-assistant.ts` loads once the browser
// is idle after the screen mounts (with the index) or on the first question, so the screen's
// first visit carries only the conversation's markup and state.
export { answerMarkdown, answerQuestion, loadArabizi, loadSearchIndex, searchPassages } from '@/shared/site-index/answerer';
export { loadLearned } from '@/shared/site-index/learned';
export { askAssistantFunction, assistantBackend } from './function-client';

// The contact form's sending code (the REST insert and the proof of work): its own chunk, which
// `contact-form.tsx` loads when the visitor starts typing or sends, so the contact page's first
// visit carries only the form.
export { ContactSendError, contactRow, sendContactMessage } from './send-contact-message';
export { solveProof } from './proof-of-work';

// The contact form's sending code (the challenge, the proof of work and the REST insert): its own
// chunk, which `contact-form.tsx` loads when the visitor starts typing or sends, so the contact
// page's first visit carries only the form.
export { ContactSendError, contactRow, makeProof, sendContactMessage } from './send-contact-message';

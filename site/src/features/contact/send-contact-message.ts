import type { SiteInfo } from '@/shared/page-data';

export interface ContactMessage {
  fullName: string;
  email: string;
  phone: string;
  message: string;
}

/** Sends a contact-form message; resolves once it is stored, rejects when it could not be sent. */
export type SendContactMessage = (site: SiteInfo, message: ContactMessage) => Promise<void>;

/** The form cannot deliver messages yet (no backend call is wired). */
export class ContactFormUnavailableError extends Error {
  constructor() {
    super('The contact form is not connected to a backend yet');
    this.name = 'ContactFormUnavailableError';
  }
}

/**
 * The contact form's sender. Delivering the message (the backend call) is a separate piece of
 * work; until it lands, this rejects, so the visitor is told the message was NOT sent and is
 * pointed to the phone and chat app, never shown a success that did not happen.
 */
export const sendContactMessage: SendContactMessage = async () => {
  throw new ContactFormUnavailableError();
};

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, SCREEN, SITE } from '@/__tests__/test-utils';
import { FIELDS } from '@/features/contact/fields';
import { ContactSendError } from '@/features/contact/send-contact-message';
import { ContactScreen } from '@/app/routes/contact-screen';
import { Toaster } from '@/shared/toast/toaster';
import { dismissToast } from '@/shared/toast/toast-store';
import type { SiteInfo } from '@/shared/page-data';

const WITH_BACKEND: SiteInfo = {
  ...SITE,
  backend: { url: 'https://x.example.co', anonKey: 'anon', contactTable: 'contact_messages', assistantFunction: null, formEndpoint: null },
};

beforeEach(() => {
  // The spam check holds a send made within 3 s of the first keystroke: an empty draft begun
  // long ago skips that wait here.
  sessionStorage.clear();
  sessionStorage.setItem('sahel.contact-draft', JSON.stringify({ fullName: '', email: '', phone: '', message: '', startedAt: 1 }));
});
afterEach(() => {
  vi.restoreAllMocks();
  act(() => dismissToast());
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), 'Sara Ali');
  await user.type(screen.getByLabelText(/Phone/), '+971 50 000 0000');
  await user.type(screen.getByLabelText(/Email/), 'sara@example.com');
  await user.type(screen.getByLabelText(/Message/), 'I need a trade licence.');
}

function renderForm(site: SiteInfo, send?: Parameters<typeof ContactScreen>[0]['send']) {
  return renderWithApp(
    <>
      <ContactScreen screen={SCREEN} site={site} send={send} />
      <Toaster />
    </>,
    { path: '/en/contact/' },
  );
}

describe('the contact form', () => {
  it('marks the four fields required with an asterisk', () => {
    renderForm(WITH_BACKEND);
    for (const name of [/Full name/, /Email/, /Phone/, /Message/]) {
      const field = screen.getByLabelText(name) as HTMLInputElement;
      expect(field.required).toBe(true);
      expect(document.querySelector(`label[for="${field.id}"]`)?.textContent).toContain('*');
    }
  });

  it('reads "Submitting..." while sending, then shows the success toast and clears the form and draft', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderForm(WITH_BACKEND, send);
    await fill(user);
    expect(sessionStorage.getItem('sahel.contact-draft')).toContain('trade licence');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const button = screen.getByRole('button', { name: 'Submitting...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.click(button);
    // The sending code is a chunk of its own, imported on the first send: on a busy machine it
    // arrives after the click returns (a CI run saw 0 calls here).
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(send).toHaveBeenCalledWith(
      WITH_BACKEND,
      { fullName: 'Sara Ali', email: 'sara@example.com', phone: '+971 50 000 0000', message: 'I need a trade licence.' },
      'en',
      // The proof of work the table asks for, solved while the send is held (proof-of-work.ts).
      expect.any(Promise),
      // The field declaration the row's columns come from (fields.ts).
      FIELDS,
    );
    await act(async () => finish());
    // The second click, on the disabled button, sent nothing more.
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Message Sent Successfully!')).toBeTruthy();
    expect(screen.getByText('Thank you for contacting us. One of our experts will get back to you soon.')).toBeTruthy();
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('');
    expect(sessionStorage.getItem('sahel.contact-draft')).toBeNull();
  });

  it('on failure keeps the text, says why, and offers the chat app and e-mail with the message', async () => {
    const user = userEvent.setup();
    renderForm(WITH_BACKEND, () => Promise.reject(new ContactSendError('server', 503)));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Your message was not sent')).toBeTruthy();
    // Radix also reads the toast out through a live region of its own, once its timer has run.
    expect(screen.getByText(/error 503/, { ignore: '[role="status"], script, style' })).toBeTruthy();
    expect(screen.queryByText('Message Sent Successfully!')).toBeNull();
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('I need a trade licence.');
    const whatsapp = screen.getByRole('link', { name: /Send on WhatsApp/ }).getAttribute('href')!;
    expect(decodeURIComponent(whatsapp)).toContain('I need a trade licence.');
    expect(decodeURIComponent(screen.getByRole('link', { name: 'Send by email' }).getAttribute('href')!)).toContain('Sara Ali');
  });

  it('does not send, and explains each problem next to its field', async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.resolve());
    renderForm(WITH_BACKEND, send);
    await user.type(screen.getByLabelText(/Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(send).not.toHaveBeenCalled();
    const email = screen.getByLabelText(/Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid email address, such as name@example.com.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText(/Full name/));
  });

  it('restores a draft after a reload', async () => {
    sessionStorage.setItem('sahel.contact-draft', JSON.stringify({ fullName: 'Omar', email: '', phone: '', message: 'Golden visa', startedAt: 1 }));
    renderForm(WITH_BACKEND);
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Omar');
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('Golden visa');
  });

  it('without a backend, offers the handoff instead of a button that cannot deliver', () => {
    renderForm(SITE);
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    expect(screen.getByRole('link', { name: /Send on WhatsApp/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/971505550100\?text=/);
    expect(screen.getByRole('link', { name: 'Send by email' }).getAttribute('href')).toMatch(/^mailto:info@example\.ae\?subject=/);
  });
});

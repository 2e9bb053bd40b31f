import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, SITE } from '@/__tests__/test-utils';
import { sendContactMessage } from '@/features/contact/send-contact-message';
import { ContactScreen } from '@/features/screens/contact-screen';
import { Toaster } from '@/features/toast/toaster';
import { dismissToast } from '@/features/toast/toast-store';

afterEach(() => act(() => dismissToast()));

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), 'Sara Ali');
  await user.type(screen.getByLabelText(/Phone/), '+971 50 000 0000');
  await user.type(screen.getByLabelText(/E-mail/), 'sara@example.com');
  await user.type(screen.getByLabelText(/Message/), 'I need a trade licence.');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('the contact form', () => {
  it('marks the four fields required with an asterisk', () => {
    renderWithApp(<ContactScreen site={SITE} />, { path: '/en/contact/' });
    for (const name of [/Full name/, /E-mail/, /Phone/, /Message/]) {
      const field = screen.getByLabelText(name) as HTMLInputElement;
      expect(field.required).toBe(true);
      expect(document.querySelector(`label[for="${field.id}"]`)?.textContent).toContain('*');
    }
  });

  it('reads "Submitting..." while sending, then shows the success toast', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithApp(
      <>
        <ContactScreen site={SITE} send={send} />
        <Toaster />
      </>,
      { path: '/en/contact/' },
    );
    await fillAndSend(user);
    const button = screen.getByRole('button', { name: 'Submitting...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(send).toHaveBeenCalledWith(SITE, {
      fullName: 'Sara Ali',
      email: 'sara@example.com',
      phone: '+971 50 000 0000',
      message: 'I need a trade licence.',
    });
    await act(async () => finish());
    expect(screen.getByText('Message Sent Successfully!')).toBeTruthy();
    expect(screen.getByText('Thank you for contacting us. One of our experts will get back to you soon.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });

  it('never claims success while no backend delivers the message', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <ContactScreen site={SITE} send={sendContactMessage} />
        <Toaster />
      </>,
      { path: '/en/contact/' },
    );
    await fillAndSend(user);
    expect(await screen.findByText('Your message was not sent')).toBeTruthy();
    expect(screen.queryByText('Message Sent Successfully!')).toBeNull();
    // What the visitor typed is kept, so nothing is lost.
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('I need a trade licence.');
  });
});

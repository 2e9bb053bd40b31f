// The contact form as the server renders it (what a visitor without JavaScript gets, and what
// every visitor has until the script hydrates it): it always posts, never puts the visitor's
// details in a URL, and without `form_endpoint` it cannot be submitted before hydration.
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withThreeLanguages } from '@/__tests__/languages';
import { SITE } from '@/__tests__/test-utils';
import { ContactForm } from '@/features/contact/contact-form';
import { ContactSendError, type SendFailure } from '@/features/contact/send-contact-message';
import arContact from '@/i18n/ar/contact.json';
import enContact from '@/i18n/en/contact.json';
import { TranslatorContext, translatorFor } from '@/i18n';
import type { Lang, SiteInfo } from '@/shared/page-data';

const ENDPOINT = 'https://x.example.co/functions/v1/contact-form';
const REST_ONLY: SiteInfo = {
  ...SITE,
  backend: { url: 'https://x.example.co', anonKey: 'anon', contactTable: 'contact_messages', assistantFunction: null, formEndpoint: null },
};
const WITH_ENDPOINT: SiteInfo = { ...SITE, backend: { ...REST_ONLY.backend!, formEndpoint: ENDPOINT } };

function form(site: SiteInfo, lang: Lang = 'en', send = vi.fn(() => Promise.resolve())): ReactElement {
  return (
    <TranslatorContext.Provider value={translatorFor(lang)!}>
      <ContactForm site={site} lang={lang} send={send} />
    </TranslatorContext.Provider>
  );
}

/** The server's HTML for the form, parsed as a browser without JavaScript would. */
function serverRendered(site: SiteInfo, lang: Lang = 'en'): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${renderToString(form(site, lang))}</body>`, 'text/html');
}

function submitButton(root: ParentNode): HTMLButtonElement {
  const button = root.querySelector<HTMLButtonElement>('button[type="submit"]');
  expect(button).not.toBeNull();
  return button!;
}

// The form's WhatsApp link loads the handoff's runtime after it mounts (a dynamic import). Loaded
// here first, so no test leaves that import running when the file's environment is torn down
// (Vitest reported it as an unhandled EnvironmentTeardownError, failing the run).
beforeAll(() => import('@/shared/handoff/runtime'));
beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the server-rendered contact form', () => {
  it.each(['en', 'ar'] as const)('%s, with a backend but no form_endpoint: posts, has nowhere to go and cannot be submitted', (lang) => {
    const doc = serverRendered(REST_ONLY, lang);
    const formElement = doc.querySelector('form')!;
    expect(formElement.getAttribute('method')).toBe('post');
    expect(formElement.hasAttribute('action')).toBe(false);
    // A disabled default button also stops implicit submission (Enter in a field).
    expect(submitButton(doc).disabled).toBe(true);
    expect(doc.querySelectorAll('button[type="submit"]:not([disabled]), input[type="submit"], input[type="image"]')).toHaveLength(0);
    // The visitor without JavaScript is told how else to reach the company.
    const note = doc.querySelector('noscript');
    expect(note?.textContent).toContain(lang === 'en' ? 'call us or message us on WhatsApp' : 'مراسلتنا عبر واتساب');
  });

  it('with form_endpoint: posts there, with the button enabled and the fields named as the table', () => {
    const doc = serverRendered(WITH_ENDPOINT);
    const formElement = doc.querySelector('form')!;
    expect(formElement.getAttribute('method')).toBe('post');
    expect(formElement.getAttribute('action')).toBe(ENDPOINT);
    expect(submitButton(doc).disabled).toBe(false);
    const names = [...formElement.querySelectorAll('input, textarea')].map((el) => el.getAttribute('name'));
    expect(names.sort()).toEqual(['email', 'full_name', 'language', 'message', 'phone', 'website']);
    expect(doc.querySelector('noscript')).toBeNull();
  });

  it('without a backend: no form at all, so nothing can be submitted', () => {
    const doc = serverRendered(SITE);
    expect(doc.querySelector('form')).toBeNull();
    expect(doc.querySelector('button[type="submit"]')).toBeNull();
    expect(doc.querySelector('[role="group"]')).not.toBeNull();
  });

  it('never renders a form that could send by GET', () => {
    for (const site of [REST_ONLY, WITH_ENDPOINT]) {
      for (const lang of ['en', 'ar'] as const) {
        for (const formElement of serverRendered(site, lang).querySelectorAll('form')) {
          expect(formElement.getAttribute('method')).toBe('post');
          expect(formElement.querySelector('[formmethod], [formaction]')).toBeNull();
        }
      }
    }
  });
});

describe('the hydrated contact form', () => {
  it('hydrates without a mismatch, then enables the button', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = renderToString(form(REST_ONLY));
    document.body.append(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    try {
      expect(submitButton(container).disabled).toBe(true);
      await act(async () => {
        root = hydrateRoot(container, form(REST_ONLY));
      });
      expect(submitButton(container).disabled).toBe(false);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });

  it('handles the submit itself: the browser never submits the form', () => {
    const send = vi.fn(() => Promise.resolve());
    render(form(REST_ONLY, 'en', send));
    const button = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    const formElement = button.form!;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    fireEvent(formElement, event);
    expect(event.defaultPrevented).toBe(true);
    // Empty fields: nothing is sent, and each field says why.
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Full name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('with form_endpoint, still sends over the REST API once hydrated, not by posting the page', () => {
    render(form(WITH_ENDPOINT));
    const formElement = (screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).form!;
    expect(formElement.getAttribute('action')).toBe(ENDPOINT);
    expect(formElement.noValidate).toBe(true);
    const event = new Event('submit', { bubbles: true, cancelable: true });
    fireEvent(formElement, event);
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('when the form cannot send, the customer is never left without a way to reach us', () => {
  const TYPED = { fullName: 'Sara Ali', phone: '+971 50 123 4567', email: 'sara@example.com', message: 'I need a trade licence.' };
  /** The form, filled in by someone who started typing a minute ago (so the send is not held), and sent. */
  async function sendFilled(lang: Lang, send: ReturnType<typeof vi.fn<() => Promise<void>>>) {
    sessionStorage.setItem('sahel.contact-draft', JSON.stringify({ ...TYPED, startedAt: Date.now() - 60_000 }));
    // The form asks for the challenge itself (its proof is handed to `send`): no answer here.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    render(form(REST_ONLY, lang, send));
    await act(async () => {
      fireEvent.submit(document.querySelector('form')!);
    });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1), { timeout: 5000 });
  }
  afterEach(() => vi.unstubAllGlobals());

  // Each refusal the table can give: a limit someone else may have reached (the same phone, the
  // same network), or a proof it could not take. The box says which, and offers WhatsApp and e-mail.
  it.each([
    ['en', 'limitedSender', enContact.contact.failure.limitedSender],
    ['ar', 'limitedSender', arContact.contact.failure.limitedSender],
    ['en', 'limitedAddress', enContact.contact.failure.limitedAddress],
    ['ar', 'limitedAddress', arContact.contact.failure.limitedAddress],
    ['en', 'proof', enContact.contact.failure.proof],
  ] as const)('%s, refused (%s): the handoff box says why and offers WhatsApp and e-mail with the message', async (lang, reason: SendFailure, text) => {
    const send = vi.fn(() => Promise.reject(new ContactSendError(reason, 400)));
    await sendFilled(lang, send);
    const box = await screen.findByRole('region', { name: lang === 'en' ? enContact.contact.handoffTitle : arContact.contact.handoffTitle });
    expect(box.textContent).toContain(text);
    expect(text).toMatch(lang === 'en' ? /WhatsApp or by email/ : /عبر واتساب أو البريد الإلكتروني/);
    const whatsapp = box.querySelector<HTMLAnchorElement>('a[href^="https://wa.me/"]')!;
    expect(decodeURIComponent(whatsapp.href)).toContain(TYPED.message);
    expect(decodeURIComponent(box.querySelector<HTMLAnchorElement>('a[href^="mailto:"]')!.href)).toContain(TYPED.message);
    // The text is kept, to send again later.
    expect((document.getElementById('contact-message') as HTMLTextAreaElement).value).toBe(TYPED.message);
  });

});

describe('the handoff links of the form, in a right-to-left language', () => {
  withThreeLanguages();

  it.each([
    ['fa', true],
    ['ar', true],
    ['en', false],
  ] as const)('%s: the phone and e-mail are isolated left to right: %s', (lang, isolated) => {
    render(form(SITE, lang));
    fireEvent.change(document.getElementById('contact-phone')!, { target: { value: '+971 50 123 4567' } });
    fireEvent.change(document.getElementById('contact-email')!, { target: { value: 'sara@example.com' } });
    const mail = document.querySelector<HTMLAnchorElement>('a[href^="mailto:"]')!;
    const body = new URL(mail.href).searchParams.get('body') ?? decodeURIComponent(mail.href.split('body=')[1]!);
    expect(body.includes('\u2066+971 50 123 4567\u2069')).toBe(isolated);
    expect(body.includes('\u2066sara@example.com\u2069')).toBe(isolated);
    expect(body).toContain('+971 50 123 4567');
  });
});

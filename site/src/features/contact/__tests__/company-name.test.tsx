// A field added in one place: a copy of the declaration (fields.ts) with an optional "company
// name" makes the form show it, validate it, keep it in the draft, put it in the handoff text
// and send it in the row, under its own column. scripts/test-contact-sql.sh runs this file with
// SAHEL_CONTACT_PAYLOAD set to a path and SAHEL_CONTACT_CHALLENGE to the challenge its database
// gave anon (contact_message_challenge's JSON): the form proves that challenge, the request body
// it sent is written to the path, and the script inserts it into docs/contact-messages.sql's
// table with the extra column, in PostgreSQL, as PostgREST would, and reads the row back.
import { writeFileSync } from 'node:fs';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE } from '@/__tests__/test-utils';
import { ContactForm } from '@/features/contact/contact-form';
import { TranslatorContext, translatorFor } from '@/i18n';
import type { SiteInfo } from '@/shared/page-data';
import { FIELDS, type FieldList } from '../fields';
import { handoffText } from '../handoff';
import { fieldError, trimmed } from '../validate';

/** The declaration with a company name after the full name: optional, at most 120 characters. */
const WITH_COMPANY = {
  fullName: FIELDS.fullName,
  companyName: {
    column: 'company_name',
    label: 'companyName',
    required: false,
    max: 120,
    errors: { long: 'companyLong' },
    handoff: 'auto',
    input: { element: 'input', type: 'text', autoComplete: 'organization' },
    half: true,
  },
  phone: FIELDS.phone,
  email: FIELDS.email,
  message: FIELDS.message,
} as const satisfies FieldList;

const SITE_B: SiteInfo = {
  ...SITE,
  backend: { url: 'https://x.example.co', anonKey: 'anon', contactTable: 'contact_messages', assistantFunction: null, formEndpoint: null },
};

const TYPED = {
  fullName: '  Sara Al Mansoori ',
  companyName: '  Sahel Trading LLC  ',
  phone: '٠٥٠ ١٢٣ ٤٥٦٧',
  email: 'sara@example.com',
  message: 'I need a trade licence for my company.',
};

beforeAll(() => import('@/shared/handoff/runtime'));
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a company name added to a copy of the field declaration', () => {
  it('has its rules: optional, at most 120 characters', () => {
    expect(fieldError('companyName', '   ', WITH_COMPANY)).toBeUndefined();
    expect(fieldError('companyName', 'x'.repeat(120), WITH_COMPANY)).toBeUndefined();
    expect(fieldError('companyName', 'x'.repeat(121), WITH_COMPANY)).toBe('companyLong');
    expect(fieldError('fullName', '', WITH_COMPANY)).toBe('required');
  });

  it('goes into the handoff text after the name, and is left out when empty', () => {
    const label = (f: string) => ({ fullName: 'Name', companyName: 'Company', phone: 'Phone', email: 'Email', message: '' })[f]!;
    const values = trimmed(TYPED, WITH_COMPANY);
    expect(handoffText(values, label, false, WITH_COMPANY)).toBe(
      'I need a trade licence for my company.\n\nName: Sara Al Mansoori\nCompany: Sahel Trading LLC\nPhone: 050 123 4567\nEmail: sara@example.com',
    );
    expect(handoffText({ ...values, companyName: '' }, label, false, WITH_COMPANY)).not.toContain('Company');
  });

  it('flows from the form to the request body, under its column', async () => {
    // The draft says typing started a minute ago, so the send is not held for MIN_FILL_MS.
    sessionStorage.setItem('sahel.contact-draft', JSON.stringify({ startedAt: Date.now() - 60_000 }));
    // The database's challenge: the script's, else one made up (this test alone checks no proof).
    const challenge = process.env.SAHEL_CONTACT_CHALLENGE ?? JSON.stringify({ minute: Math.floor(Date.now() / 60_000), bits: 12, seed: '0f'.repeat(32) });
    const fetchMock = vi.fn(async (url: string, _init: RequestInit) =>
      url.endsWith('/rest/v1/rpc/contact_message_challenge') ? new Response(challenge, { status: 200 }) : new Response(null, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <TranslatorContext.Provider value={translatorFor('en')!}>
        <ContactForm site={SITE_B} lang="en" fields={WITH_COMPANY} />
      </TranslatorContext.Provider>,
    );
    const input = document.getElementById('contact-companyName') as HTMLInputElement;
    expect(input.name).toBe('company_name');
    expect(input.required).toBe(false);
    expect(input.maxLength).toBe(120);
    for (const [name, value] of Object.entries(TYPED)) {
      fireEvent.change(document.getElementById(`contact-${name}`)!, { target: { value } });
    }
    expect(JSON.parse(sessionStorage.getItem('sahel.contact-draft')!)).toMatchObject({ companyName: TYPED.companyName });
    await act(async () => {
      fireEvent.submit(document.querySelector('form')!);
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 15_000 });
    expect(fetchMock.mock.calls[0]![0]).toBe('https://x.example.co/rest/v1/rpc/contact_message_challenge');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('https://x.example.co/rest/v1/contact_messages');
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({
      full_name: 'Sara Al Mansoori',
      company_name: 'Sahel Trading LLC',
      phone: '050 123 4567',
      email: 'sara@example.com',
      message: 'I need a trade licence for my company.',
      language: 'en',
    });
    expect(Object.keys(body).sort()).toEqual(['company_name', 'email', 'full_name', 'language', 'message', 'phone', 'proof_minute', 'proof_nonce']);
    expect(body.proof_minute).toBe((JSON.parse(challenge) as { minute: number }).minute);
    // Sent: the form is emptied, the draft cleared.
    await waitFor(() => expect(input.value).toBe(''));
    expect(sessionStorage.getItem('sahel.contact-draft')).toBeNull();
    const out = process.env.SAHEL_CONTACT_PAYLOAD;
    if (out) writeFileSync(out, init.body as string);
  }, 20_000);
});

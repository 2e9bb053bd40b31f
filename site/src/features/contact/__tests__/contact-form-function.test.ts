// The function behind form_endpoint (docs/contact-form-function.ts): what a browser without
// JavaScript posts becomes a page that offers WhatsApp, email and a call, prefilled, in the
// visitor's language. It stores nothing and holds no key: no request leaves it, so it is no way
// round the table's proof of work and limits.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIELD_LIMITS, MAX_BODY_BYTES, handleContactPost, settingsFromEnv, type HandoffSettings } from '../../../../../docs/contact-form-function';
import { FIELDS, fieldNames } from '../fields';

const SETTINGS: HandoffSettings = {
  whatsapp: '+971 50 555 0100',
  email: 'info@nahj-services.ae',
  phone: '+971 4 555 0100',
  siteUrl: 'https://www.nahj-services.ae/',
};

/** The form's post, as a browser sends it. */
function post(fields: Record<string, string>, init: RequestInit = {}): Request {
  return new Request('https://x.supabase.co/functions/v1/contact-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    ...init,
  });
}

const SARA = {
  full_name: 'Sara Al Mansoori',
  email: 'sara@example.com',
  phone: '٠٥٠ ١٢٣ ٤٥٦٧',
  message: 'I need a trade licence for a consultancy on the mainland.',
  language: 'en',
  website: '',
};

/** The page's links, by the start of their address. */
async function links(response: Response): Promise<{ html: string; href: (start: string) => string }> {
  const html = await response.text();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return {
    html,
    href: (start: string) => {
      const a = [...doc.querySelectorAll('a')].find((el) => el.getAttribute('href')!.startsWith(start));
      expect(a, start).toBeDefined();
      return a!.getAttribute('href')!;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the form_endpoint function', () => {
  it('answers an English post with a page offering WhatsApp, email and a call, prefilled, and calls nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const response = await handleContactPost(post(SARA), SETTINGS);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const { html, href } = await links(response);
    expect(html).toContain('<html lang="en" dir="ltr">');
    const text = 'I need a trade licence for a consultancy on the mainland.\n\nName: Sara Al Mansoori\nPhone: 050 123 4567\nEmail: sara@example.com';
    const wa = new URL(href('https://wa.me/'));
    expect(wa.pathname).toBe('/971505550100');
    expect(wa.searchParams.get('text')).toBe(text);
    const mail = href('mailto:');
    expect(mail.startsWith('mailto:info@nahj-services.ae?')).toBe(true);
    const params = new URLSearchParams(mail.split('?')[1]);
    expect(params.get('subject')).toBe('Message from Sara Al Mansoori via the website');
    expect(params.get('body')).toBe(text);
    expect(href('tel:')).toBe('tel:+97145550100');
    expect(href('https://www.nahj-services.ae/')).toBe(SETTINGS.siteUrl);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers an Arabic post in Arabic, right to left, the phone and e-mail isolated left to right in the text', async () => {
    const response = await handleContactPost(post({ ...SARA, full_name: 'سارة المنصوري', language: 'ar' }), SETTINGS);
    const { html, href } = await links(response);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('لم تُرسل رسالتك بعد');
    expect(new URL(href('https://wa.me/')).searchParams.get('text')).toBe(
      `${SARA.message}\n\nالاسم: \u2068سارة المنصوري\u2069\nالهاتف: \u2066050 123 4567\u2069\nالبريد الإلكتروني: \u2066sara@example.com\u2069`,
    );
  });

  it("escapes what the visitor typed: no markup of theirs reaches the page", async () => {
    const evil = { ...SARA, full_name: '<script>alert(1)</script>', message: 'Hello"><img src=x onerror=alert(1)> & more text' };
    const { html } = await links(await handleContactPost(post(evil), SETTINGS));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Hello&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; more text');
  });

  it('cuts each field to the table\'s length, as the form would have refused more', async () => {
    const response = await handleContactPost(post({ ...SARA, message: 'م'.repeat(5000), full_name: 'x'.repeat(300) }), SETTINGS);
    const text = new URL((await links(response)).href('https://wa.me/')).searchParams.get('text')!;
    expect(text.startsWith(`${'م'.repeat(2000)}\n`)).toBe(true);
    expect(text).not.toContain('م'.repeat(2001));
    expect(text).toContain(`Name: ${'x'.repeat(100)}\n`);
  });

  it('gives a filled spam trap a thank-you and nothing to send', async () => {
    const response = await handleContactPost(post({ ...SARA, website: 'https://spam.example' }), SETTINGS);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Thank you.');
    expect(html).not.toContain('wa.me');
    expect(html).not.toContain('mailto:');
  });

  it('takes only the form: a GET, another body type or a body over MAX_BODY_BYTES is refused', async () => {
    const get = await handleContactPost(new Request('https://x.supabase.co/functions/v1/contact-form'), SETTINGS);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const json = await handleContactPost(post(SARA, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(SARA) }), SETTINGS);
    expect(json.status).toBe(415);
    const big = await handleContactPost(post({ ...SARA, message: 'x'.repeat(MAX_BODY_BYTES) }), SETTINGS);
    expect(big.status).toBe(413);
    // The longest message the form takes, in Arabic, fits.
    const longest = await handleContactPost(post({ ...SARA, message: 'م'.repeat(2000), full_name: 'س'.repeat(100) }), SETTINGS);
    expect(longest.status).toBe(200);
  });

  it('reads its settings from the function secrets, and says so when one is missing', async () => {
    const env: Record<string, string> = { CONTACT_WHATSAPP: '+971 50 555 0100', CONTACT_EMAIL: 'info@x.ae', CONTACT_PHONE: '+971 4 555 0100', SITE_URL: 'https://x.ae/' };
    expect(settingsFromEnv((name) => env[name])).toEqual({ whatsapp: '+971 50 555 0100', email: 'info@x.ae', phone: '+971 4 555 0100', siteUrl: 'https://x.ae/' });
    expect(settingsFromEnv((name) => (name === 'SITE_URL' ? undefined : env[name]))).toBeNull();
    const response = await handleContactPost(post(SARA), null);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('not set up yet');
  });

  it("reads the fields the form posts without JavaScript, with the table's limits", () => {
    const columns = Object.fromEntries(fieldNames(FIELDS).map((name) => [FIELDS[name].column, FIELDS[name].max]));
    expect(FIELD_LIMITS).toEqual({ ...columns, language: 35 });
  });
});

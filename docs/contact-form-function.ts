// The function behind `form_endpoint` in site.toml: a Supabase Edge Function (Deno) that takes what
// the contact form posts when the visitor's browser runs no JavaScript (`full_name`, `email`,
// `phone`, `message`, `language` and the spam trap `website`, as
// application/x-www-form-urlencoded) and answers with a page in the visitor's language that
// offers to send the message on WhatsApp or by email, opened ready to send with what they typed,
// or to call.
//
// It stores nothing. A browser without JavaScript cannot make the proof of work the table asks
// for (docs/contact-messages.sql), and a function inserting for it, with the service role key or
// a proof of its own, would be a way round the proof and the limits: anyone could post plain forms
// at it, thousands an hour, at no cost. So it holds no key and calls no database; the visitor's
// one more tap sends the message, from their own WhatsApp or email.
//
// Deploy it as `contact-form` (supabase/functions/contact-form/index.ts), without the JWT check,
// as a browser's form post carries no key: `supabase functions deploy contact-form
// --no-verify-jwt`, and set CONTACT_WHATSAPP, CONTACT_EMAIL, CONTACT_PHONE and SITE_URL as the
// function's secrets (site.toml's company.whatsapp, company.email, company.phone and base_url).
// The file imports nothing: site/src/features/contact/__tests__/contact-form-function.test.ts
// runs it under Vitest.

/** Where the page sends the visitor: the company's numbers and address, and the site. */
export interface HandoffSettings {
  /** The WhatsApp number (any format: its digits make the wa.me link). */
  whatsapp: string;
  email: string;
  /** The number to call, as it is shown. */
  phone: string;
  /** The site's address, for the link back. */
  siteUrl: string;
}

/** The fields the form posts, and their greatest length in characters (the table's checks). */
export const FIELD_LIMITS = { full_name: 100, email: 254, phone: 25, message: 2000, language: 35 } as const;
/** A body larger than this is refused (the fields at their longest, in UTF-8 and URL-encoded, fit). */
export const MAX_BODY_BYTES = 65_536;

type Field = keyof typeof FIELD_LIMITS;
type Lang = 'ar' | 'en';

const WORDS = {
  en: {
    title: 'Your message is not sent yet',
    lead: 'Our form sends messages with JavaScript, which your browser is not running. Your message is ready: send it in one tap, and it reaches us right away.',
    whatsapp: 'Send on WhatsApp',
    email: 'Send by email',
    call: 'Or call us:',
    back: 'Back to the site',
    yours: 'Your message',
    subject: 'Message from {name} via the website',
    full_name: 'Name',
    phone: 'Phone',
    emailLabel: 'Email',
    thanks: 'Thank you.',
    broken: 'This form is not set up yet. Please call us or message us on WhatsApp.',
  },
  ar: {
    title: 'لم تُرسل رسالتك بعد',
    lead: 'يرسل نموذجنا الرسائل باستخدام JavaScript، وهي غير مفعّلة في متصفحك. رسالتك جاهزة: أرسلها بنقرة واحدة لتصلنا مباشرة.',
    whatsapp: 'أرسل عبر واتساب',
    email: 'أرسل بالبريد الإلكتروني',
    call: 'أو اتصل بنا:',
    back: 'العودة إلى الموقع',
    yours: 'رسالتك',
    subject: 'رسالة من {name} عبر الموقع',
    full_name: 'الاسم',
    phone: 'الهاتف',
    emailLabel: 'البريد الإلكتروني',
    thanks: 'شكراً لك.',
    broken: 'لم يُهيّأ هذا النموذج بعد. يُرجى الاتصال بنا أو مراسلتنا عبر واتساب.',
  },
} satisfies Record<Lang, Record<string, string>>;

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** At most `max` characters (code points, as the table counts them). */
const clip = (text: string, max: number) => [...text].slice(0, max).join('');

/** Arabic-Indic and Extended Arabic-Indic digits as 0-9 (the browser sends them as typed). */
const western = (text: string) => text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf));

/** The settings from the function's secrets, or null when one is missing. */
export function settingsFromEnv(get: (name: string) => string | undefined): HandoffSettings | null {
  const whatsapp = get('CONTACT_WHATSAPP');
  const email = get('CONTACT_EMAIL');
  const phone = get('CONTACT_PHONE');
  const siteUrl = get('SITE_URL');
  if (!whatsapp || !email || !phone || !siteUrl) return null;
  return { whatsapp, email, phone, siteUrl };
}

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // No script, no style, no frame, nothing fetched: links only.
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function page(lang: Lang, status: number, title: string, body: string, extra: Record<string, string> = {}): Response {
  const html = `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
  return new Response(html, { status, headers: { ...HEADERS, ...extra } });
}

/** The answer to the form's post: a page offering WhatsApp, email and a call, or an error page. */
export async function handleContactPost(request: Request, settings: HandoffSettings | null): Promise<Response> {
  if (request.method !== 'POST') return page('en', 405, 'Method not allowed', '<p>This address takes the contact form only.</p>', { Allow: 'POST' });
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) {
    return page('en', 415, 'Unsupported form', '<p>This address takes the contact form only.</p>');
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return page('en', 413, 'Too long', '<p>The message is too long.</p>');
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > MAX_BODY_BYTES) return page('en', 413, 'Too long', '<p>The message is too long.</p>');
  const form = new URLSearchParams(new TextDecoder().decode(raw));
  const value = (field: Field) => clip((form.get(field) ?? '').trim(), FIELD_LIMITS[field]);
  const lang: Lang = value('language') === 'ar' ? 'ar' : 'en';
  const w = WORDS[lang];
  if (!settings) return page(lang, 500, w.title, `<p>${escapeHtml(w.broken)}</p>`);
  // Only a script fills the hidden field: thanked, and given nothing to send.
  if ((form.get('website') ?? '').trim()) return page(lang, 200, w.thanks, '');

  const name = value('full_name');
  const email = value('email').normalize('NFKC');
  const phone = western(value('phone')).replace(/\s+/g, ' ');
  const message = value('message');
  // The text, as the form's own handoff writes it: the message, then a line per detail given; in
  // Arabic (a right-to-left chat bubble) the phone and e-mail isolated left to right.
  const isolate = (text: string, mark: string) => (lang === 'ar' ? `${mark}${text}${PDI}` : text);
  const lines = [message, ''];
  if (name) lines.push(`${w.full_name}: ${isolate(name, FSI)}`);
  if (phone) lines.push(`${w.phone}: ${isolate(phone, LRI)}`);
  if (email) lines.push(`${w.emailLabel}: ${isolate(email, LRI)}`);
  const text = lines.join('\n').trim();
  const subject = w.subject.replace('{name}', name || settings.email);

  const whatsappHref = `https://wa.me/${settings.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
  const mailHref = `mailto:${encodeURIComponent(settings.email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`;
  const telHref = `tel:${settings.phone.replace(/[^\d+]/g, '')}`;
  const body = `<p>${escapeHtml(w.lead)}</p>
<p><a href="${escapeHtml(whatsappHref)}">${escapeHtml(w.whatsapp)}</a></p>
<p><a href="${escapeHtml(mailHref)}">${escapeHtml(w.email)}</a></p>
<p>${escapeHtml(w.call)} <a href="${escapeHtml(telHref)}" dir="ltr">${escapeHtml(settings.phone)}</a></p>
<h2>${escapeHtml(w.yours)}</h2>
<pre dir="auto">${escapeHtml(text)}</pre>
<p><a href="${escapeHtml(settings.siteUrl)}">${escapeHtml(w.back)}</a></p>`;
  return page(lang, 200, w.title, body);
}

// Deno (Supabase Edge Functions): serve the handler with the function's secrets.
interface DenoLike {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
}
const deno = (globalThis as { Deno?: DenoLike }).Deno;
if (deno) deno.serve((request) => handleContactPost(request, settingsFromEnv((name) => deno.env.get(name))));

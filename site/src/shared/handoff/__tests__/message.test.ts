// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LRI, PDI, cleanValue, handoffMessage, isolateLatin, topicOf } from '@/shared/handoff/message';
import { handoffTranslator } from '@/shared/handoff/runtime';
import { contactHrefs } from '@/shared/paths';
import { withThreeLanguages } from '@/__tests__/languages';
import { routeData } from '@/__tests__/test-utils';

const t = { en: handoffTranslator('en'), ar: handoffTranslator('ar') };
/** What the visitor sees typed in the chat: the wa.me link's text, decoded. */
const decoded = (message: string) => new URL(contactHrefs.whatsapp('971505550100', message)).searchParams.get('text');

describe('the WhatsApp handoff message', () => {
  it('names the service, the documents ticked and missing, and is decoded as written (English)', () => {
    const message = handoffMessage(t.en, {
      lang: 'en',
      topic: { kind: 'service', title: 'VAT and corporate tax registration' },
      documents: { have: ['Trade licence copy'], missing: ['Memorandum of association', 'Proof of authority'] },
      closedUntil: null,
    });
    expect(decoded(message)).toBe(
      [
        'Hello, I’m reading about your service “VAT and corporate tax registration”.'.replace('’', "'"),
        '',
        'Documents I have (1 of 3):\n• Trade licence copy',
        '',
        'Documents still missing:\n• Memorandum of association\n• Proof of authority',
        '',
        'Could you help me get started?',
      ].join('\n'),
    );
  });

  it('in Arabic, isolates Latin names and phone numbers, and says politely when the office is closed', () => {
    const message = handoffMessage(t.ar, {
      lang: 'ar',
      topic: { kind: 'service', title: 'الهوية الإماراتية Emirates ID والفحص الطبي' },
      documents: { have: [], missing: ['صورة جواز السفر', 'نموذج Form 2 موقّع'] },
      closedUntil: '9 صباحاً',
    });
    const text = decoded(message);
    expect(text).toBe(
      [
        `مرحباً، أطّلع على خدمة «الهوية الإماراتية ${LRI}Emirates ID${PDI} والفحص الطبي» في موقعكم.`,
        '',
        'لم أجهّز أيّاً من المستندات المطلوبة بعد.',
        '',
        `المستندات التي لا تزال تنقصني:\n• صورة جواز السفر\n• نموذج ${LRI}Form${PDI} 2 موقّع`,
        '',
        'هل يمكنكم مساعدتي في البدء؟',
        '',
        'أعلم أنكم خارج أوقات العمل الآن، فلا بأس أن تردّوا عند بدء الدوام في الساعة 9 صباحاً.',
      ].join('\n'),
    );
  });

  it('names an article, or the assistant’s unanswered question, in both languages', () => {
    const article = handoffMessage(t.en, { lang: 'en', topic: { kind: 'article', title: 'Golden visa guide' } });
    expect(article).toBe('Hello, I\'m reading your article “Golden visa guide”.\n\nCould you help me?');
    const question = handoffMessage(t.ar, { lang: 'ar', topic: { kind: 'page', title: 'المساعد الذكي' }, question: 'كم رسوم Golden Visa؟' });
    expect(question).toContain(`سألتُ المساعد الذكي في موقعكم: «كم رسوم ${LRI}Golden Visa${PDI}؟»`);
    expect(handoffMessage(t.en, { lang: 'en', topic: null })).toBe('Hello,\n\nCould you help me?');
  });

  it('carries the contact form’s message with the visitor’s Latin name and phone isolated in Arabic', () => {
    const body = 'أود تجديد الرخصة\n\nالاسم: John O\'Neil\nالهاتف: +971 50 123 4567\nالبريد: john@example.com';
    const text = decoded(handoffMessage(t.ar, { lang: 'ar', topic: { kind: 'page', title: 'اتصل بنا' }, body }));
    expect(text).toContain(`الاسم: ${LRI}John O'Neil${PDI}`);
    expect(text).toContain(`الهاتف: ${LRI}+971 50 123 4567${PDI}`);
    expect(text).toContain(`البريد: ${LRI}john@example.com${PDI}`);
    // No "Could you help me?" after the visitor's own words.
    expect(text).not.toContain('هل يمكنكم مساعدتي');
  });

  it('drops bidi controls a value brings and keeps every isolate balanced', () => {
    const hostile = '\u202eevil\u202c عنوان \u2066unclosed \u200fnote\u2028line';
    const text = isolateLatin(hostile);
    expect(text).not.toMatch(/[\u202a-\u202e\u200e\u200f]/);
    expect([...text].filter((c) => c === LRI).length).toBe([...text].filter((c) => c === PDI).length);
    expect(text).toBe(`${LRI}evil${PDI} عنوان ${LRI}unclosed note${PDI}\n${LRI}line${PDI}`);
    // English messages are not isolated, only cleaned; emoji and Arabic numbers stay as written.
    expect(cleanValue(' Tax 🧾 375,000 \u202e')).toBe('Tax 🧾 375,000');
    expect(isolateLatin('375,000 درهم و 9%')).toBe('375,000 درهم و 9%');
  });

  it('finds the topic in the page data', () => {
    expect(topicOf(routeData('/en/', { kind: 'home', home: null, testimonials: [], latestPosts: [] }))).toBeNull();
    expect(topicOf(routeData('/en/contact/'))).toEqual({ kind: 'page', title: 'Test' });
    const post = { slug: 's', title: 'Family visa steps', author: 'A', date: '2026-01-01', dateDisplay: '1 January 2026', excerpt: '', html: '' };
    expect(topicOf(routeData('/en/blog/s/', { kind: 'blogPost', post }))).toEqual({ kind: 'article', title: 'Family visa steps' });
  });
});

describe('the handoff message in every right-to-left language of the table', () => {
  withThreeLanguages();
  const context = (lang: string) => ({ lang, topic: { kind: 'service' as const, title: 'Emirates ID renewal' }, body: 'Call me on +971 50 123 4567', closedUntil: null });

  it.each(['ar', 'fa'])('%s isolates Latin text and phone numbers', (lang) => {
    const message = handoffMessage(handoffTranslator(lang), context(lang));
    expect(message).toContain(`${LRI}Emirates ID renewal${PDI}`);
    expect(message).toContain(`${LRI}+971 50 123 4567${PDI}`);
  });

  it('English (left to right) does not', () => {
    const message = handoffMessage(handoffTranslator('en'), context('en'));
    expect(message).not.toContain(LRI);
    expect(message).toContain('“Emirates ID renewal”');
  });
});

describe('the handoff message\'s numbers', () => {
  withThreeLanguages();

  it('are in the language\'s digits (Farsi: arabext; Arabic and English: latn)', () => {
    const documents = { have: ['Passport'], missing: ['Photo', 'Visa'] };
    const farsi = handoffMessage(handoffTranslator('fa'), { lang: 'fa', topic: null, documents, closedUntil: null });
    expect(farsi).toContain('۱');
    expect(farsi).toContain('۳');
    expect(farsi).not.toMatch(/[0-9]/);
    expect(handoffMessage(handoffTranslator('en'), { lang: 'en', topic: null, documents, closedUntil: null })).toContain('(1 of 3)');
  });
});

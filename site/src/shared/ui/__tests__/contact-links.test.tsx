// @vitest-environment node
// The shared link components render exactly the markup the pages had when each page wrote its
// own links (the pre-rendered HTML must not change), and keep their new-tab rule.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { translatorFor, TranslatorContext } from '@/i18n';
import { DateText } from '@/shared/date-time';
import { EmailAddressLink, PhoneNumberLink, WhatsAppLink, WhatsAppNumberLink } from '@/shared/ui/contact-links';
import { ExternalLink } from '@/shared/ui/external-link';

const html = (ui: ReactElement) => renderToString(<TranslatorContext.Provider value={translatorFor('en') ?? null}>{ui}</TranslatorContext.Provider>);
const NOTE = '<span class="sr-only"> <!-- -->(opens in a new tab)</span>';

describe('ExternalLink', () => {
  it('opens in a new tab without an opener and ends its text with a note for screen readers', () => {
    expect(html(<ExternalLink href="https://example.com/" className="c">Go</ExternalLink>)).toBe(
      `<a href="https://example.com/" target="_blank" rel="noopener noreferrer" class="c">Go${NOTE}</a>`,
    );
  });

  it('leaves the note to the label when it has an aria-label, which replaces the text', () => {
    expect(html(<ExternalLink href="https://example.com/" aria-label="Go (opens in a new tab)" data-x="1" />)).toBe(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer" aria-label="Go (opens in a new tab)" data-x="1"></a>',
    );
  });
});

describe('WhatsAppLink', () => {
  it('links the chat by its digits, prefilled with a message when given one', () => {
    expect(html(<WhatsAppLink number="+971 50 555 0100">Chat</WhatsAppLink>)).toBe(
      `<a href="https://wa.me/971505550100" target="_blank" rel="noopener noreferrer">Chat${NOTE}</a>`,
    );
    expect(html(<WhatsAppLink number="971505550100" message="a b&c" />)).toContain('href="https://wa.me/971505550100?text=a%20b%26c"');
    expect(html(<WhatsAppLink number="971505550100" message="" />)).toContain('href="https://wa.me/971505550100?text="');
  });
});

describe('the company details as links', () => {
  it('show the number or address left to right', () => {
    expect(html(<PhoneNumberLink phone="+971 4 555 0100" className="c" />)).toBe(
      '<a class="c" href="tel:+97145550100"><bdi dir="ltr">+971\u00a04\u00a0555\u00a00100</bdi></a>',
    );
    expect(html(<WhatsAppNumberLink number="+971505550100" className="c" />)).toBe(
      `<a class="c" href="https://wa.me/971505550100" target="_blank" rel="noopener noreferrer"><bdi dir="ltr">+<!-- -->971505550100</bdi>${NOTE}</a>`,
    );
    expect(html(<EmailAddressLink email="info@example.ae" className="c" />)).toBe(
      '<a class="c" href="mailto:info@example.ae"><bdi dir="ltr">info@example.ae</bdi></a>',
    );
  });
});

describe('DateText', () => {
  it('shows the date as the build formatted it, with the ISO date for machines', () => {
    expect(html(<DateText date="2025-09-08" display="September 8, 2025" />)).toBe('<time dateTime="2025-09-08">September 8, 2025</time>');
  });
});

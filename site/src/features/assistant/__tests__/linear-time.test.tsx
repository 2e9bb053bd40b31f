// @vitest-environment node
// Answers come from a backend and questions from visitors: nothing that parses them may take
// more than linear time. Each function is run on adversarial inputs of 10,000–50,000 characters
// (the old heading pattern took 22 s on one line of 1,200). The time bounds are generous: they
// catch polynomial or exponential blow-ups, not slowness.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { answerMarkdown, escapeMarkdown } from '@/shared/site-index/answerer';
import { functionUrl, SseParser, withoutTrailingSlashes } from '../function-client';
import { AssistantMarkdown, headingText, listItem } from '../markdown';
import { normalizeText, tokenize } from '@/shared/site-index/normalize';

/** Runs `f`, failing when it takes longer than `limitMs`; returns its result. */
function fast<T>(f: () => T, limitMs = 200): T {
  const start = performance.now();
  const value = f();
  expect(performance.now() - start).toBeLessThan(limitMs);
  return value;
}

const N = 50_000;
const spaces = ' '.repeat(N);

/** The patterns these functions replace, to compare them on ordinary lines (never on long ones). */
const OLD_HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const OLD_BULLET = /^\s*[-*•]\s+(.*)$/;
const OLD_NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

const ORDINARY_LINES = [
  '# Title', '## Timeline', '###   Spaced   ', '   ### Indented three', '    # Indented four', '####### seven', '#NoSpace', '#',
  '# ', '# Closing ##', '# Closing ## ', '## الجدول الزمني ##', '#\tTab', '# a # b', '# ###', '## *bold* heading',
  '- Passport', '* Photo', '• Emirates ID', '  - indented', '-NoSpace', '- ', '1. Apply', '12) Wait', '123. Three digits',
  '1234. Four digits', '1.NoSpace', '١. Arabic digits', 'Plain text', '', '   ', '- # item, not heading', '-- double',
];

describe('headingText', () => {
  it('reads ordinary headings as the old pattern did', () => {
    for (const line of ORDINARY_LINES) {
      const old = OLD_HEADING.exec(line);
      expect(headingText(line), line).toBe(old ? old[1]! : null);
    }
  });

  it('keeps a # that ends a word, as CommonMark does (the old pattern made "C#" "C")', () => {
    expect(headingText('# Learn C#')).toBe('Learn C#');
    expect(headingText('# Learn C# #')).toBe('Learn C#');
    expect(headingText('## \\#1 in Dubai ##')).toBe('\\#1 in Dubai');
  });

  it('takes linear time on adversarial lines', () => {
    expect(fast(() => headingText(`#${spaces}x`))).toBe('x');
    expect(fast(() => headingText(`# a${spaces}\u2028x`))).toBe(`a${spaces}\u2028x`);
    expect(fast(() => headingText(`# a${spaces}${'#'.repeat(N)}${spaces}\u2028x`))).toMatch(/^a {50000}#{50000} {50000}\u2028x$/);
    expect(fast(() => headingText(`# a${' #'.repeat(N / 2)}`))).toBe(`a${' #'.repeat(N / 2 - 1)}`);
    expect(fast(() => headingText('#'.repeat(N)))).toBeNull();
    expect(fast(() => headingText(`# ${'#'.repeat(N)}${spaces}`))).toBe('');
    expect(fast(() => headingText(`${spaces}# x`))).toBeNull();
    expect(fast(() => headingText(`# ${'\u2028 '.repeat(N / 2)}x`))).toBe('x');
  });
});

describe('listItem', () => {
  it('reads ordinary list items as the old patterns did', () => {
    for (const line of ORDINARY_LINES) {
      const bullet = OLD_BULLET.exec(line);
      const numbered = OLD_NUMBERED.exec(line);
      const expected = bullet ? { kind: 'ul', text: bullet[1] } : numbered ? { kind: 'ol', text: numbered[1] } : null;
      expect(listItem(line), line).toEqual(expected);
    }
  });

  it('takes linear time on adversarial lines', () => {
    expect(fast(() => listItem(`- ${spaces}a\u2028b`))).toEqual({ kind: 'ul', text: 'a\u2028b' });
    expect(fast(() => listItem(`1. ${spaces}a\u2028b`))).toEqual({ kind: 'ol', text: 'a\u2028b' });
    expect(fast(() => listItem(`${spaces}-${spaces}x`))).toEqual({ kind: 'ul', text: 'x' });
    expect(fast(() => listItem(`${'9'.repeat(N)}. x`))).toBeNull();
    expect(fast(() => listItem(`${spaces}${'-'.repeat(N)}`))).toBeNull();
    expect(fast(() => listItem(spaces))).toBeNull();
  });
});

function renderAnswer(text: string): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <AssistantMarkdown text={text} />
    </MemoryRouter>,
  );
}

describe('AssistantMarkdown', () => {
  // Whole renders include React's own work, hence the wider bound; the old code took 11 s on
  // the first input (every `[` searched the rest of the text for `](`).
  it.each([
    ['a run of [', '['.repeat(N)],
    ['unclosed links', '[]('.repeat(N / 3)],
    ['a link target that never closes', `[x](${'('.repeat(N)}`],
    ['a long heading line ending in a line separator', `# a${spaces}\u2028x`],
    ['a long list line ending in a line separator', `- ${spaces}a\u2028b`],
    ['bold markers', '*'.repeat(N)],
    ['mixed markers', '*_'.repeat(N / 2)],
    ['backslashes', '\\'.repeat(N)],
    ['hashes', '#'.repeat(N)],
    ['digits', `${'1'.repeat(N)}.`],
    ['spaces then text', `${spaces}x`],
  ])('renders %s in linear time', (_name, text) => {
    expect(fast(() => renderAnswer(text), 1000)).toContain('<div');
  });

  it('still renders ordinary answers', () => {
    const html = renderAnswer('## Timeline ##\n**Company formation** takes [2-10 days](/en/services/company-formation/).\n\n- Passport\n1. Apply');
    expect(html).toContain('<strong>Timeline</strong>');
    expect(html).toContain('<strong>Company formation</strong>');
    expect(html).toContain('href="/en/services/company-formation/"');
    expect(html).toContain('<li>Passport</li>');
    expect(html).toContain('<ol');
  });
});

describe('the other patterns applied to answers and questions', () => {
  it('trims trailing slashes from the backend URL without a pattern', () => {
    expect(withoutTrailingSlashes('https://x.supabase.co///')).toBe('https://x.supabase.co');
    expect(withoutTrailingSlashes('https://x.supabase.co')).toBe('https://x.supabase.co');
    expect(functionUrl({ url: 'https://x.supabase.co/', anonKey: 'k', assistantFunction: 'assistant' })).toBe('https://x.supabase.co/functions/v1/assistant');
    const long = `a${'/'.repeat(N)}b`;
    expect(fast(() => withoutTrailingSlashes(long))).toBe(long);
    expect(fast(() => withoutTrailingSlashes(`a${'/'.repeat(N)}`))).toBe('a');
  });

  it('normalises and tokenises long questions in linear time', () => {
    expect(fast(() => normalizeText(`a${spaces}!${'؟'.repeat(N)}b`))).toBe('a b');
    expect(fast(() => tokenize(`${'تأسيس '.repeat(N / 6)}`))).toHaveLength(Math.floor(N / 6));
    expect(fast(() => normalizeText('\u064B'.repeat(N)))).toBe('');
  });

  it('escapes long passages in linear time', () => {
    expect(fast(() => escapeMarkdown('#'.repeat(N)))).toBe('\\#'.repeat(N));
    const passage = { id: `x${':offered'.repeat(N / 8)}`, kind: 'service', title: 'T', text: 'a; b', url: '/en/' };
    expect(fast(() => answerMarkdown(passage))).toBe('**T**\n\n- a\n- b');
  });

  it('reads a long event-stream line sent in small chunks in linear time', () => {
    const seen: string[] = [];
    const parser = new SseParser((text) => seen.push(text));
    fast(() => {
      parser.push('data: ');
      for (let i = 0; i < N; i++) parser.push('x');
      parser.push('\n\ndata: [DONE]\n\n');
    });
    expect(seen).toEqual(['x'.repeat(N)]);
    expect(parser.done).toBe(true);
  });
});

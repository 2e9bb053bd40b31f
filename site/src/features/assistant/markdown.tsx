// A safe subset of Markdown for the assistant's answers, rendered into React elements: never
// HTML. Paragraphs (a single newline is a line break), `-`/`*` and `1.` lists, `#` headings (as
// bold lines), **bold**, [links](url) and backslash escapes. Anything else, HTML included, is
// text. Links go only to this site's pages (`/ar/...`, `/en/...`, any language of the table, through the router) or to
// https, mailto and tel addresses; any other link is shown as its text.
import type { ReactNode } from 'react';
import { isSitePath } from '@/shared/languages';
import { Link } from '@/shared/routing/link';

export type SafeHref = { internal: true; href: string } | { internal: false; href: string };

/** A link target the answers may use, or null. */
export function safeHref(raw: string): SafeHref | null {
  let href = raw.trim();
  // Whitespace, control characters, quotes or backslashes have no place in a link we keep.
  if (!href || /[\s\u0000-\u001f\u007f"'<>\\`]/.test(href)) return null;
  if (isSitePath(href)) return { internal: true, href };
  if (/^wa\.me\//i.test(href)) href = `https://${href}`;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol === 'https:' && url.hostname) return { internal: false, href: url.href };
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return { internal: false, href };
  return null;
}

const LINK_CLASS = 'rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';

function renderLink(label: ReactNode[], target: string, key: string): ReactNode {
  const safe = safeHref(target);
  if (!safe) return <span key={key}>{label}</span>;
  if (safe.internal) {
    return (
      <Link key={key} to={safe.href} className={LINK_CLASS}>
        {label}
      </Link>
    );
  }
  const newTab = safe.href.startsWith('https:');
  return (
    <a key={key} href={safe.href} className={LINK_CLASS} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {label}
    </a>
  );
}

/** The index of `needle` in `text` from `from`, skipping backslash-escaped characters; -1 if none. */
function findUnescaped(text: string, needle: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text.startsWith(needle, i)) return i;
  }
  return -1;
}

/**
 * `findUnescaped(text, needle, from)` for calls whose `from` never decreases, in linear time
 * overall: the unescaped occurrences are listed once, then a cursor moves along them. (Searching
 * afresh for each `[` made a line of 50,000 of them take 11 s.) Scanning from a position that a
 * scan from the start also visits sees the same escapes, which holds for every caller below.
 */
function forwardFinder(text: string, needle: string): (from: number) => number {
  let found: number[] | null = null;
  let k = 0;
  return (from) => {
    if (!found) {
      found = [];
      for (let i = findUnescaped(text, needle, 0); i !== -1; i = findUnescaped(text, needle, i + needle.length)) found.push(i);
    }
    if (k > 0 && found[k - 1]! >= from) k = 0; // an earlier `from` (no caller does this): start over
    while (k < found.length && found[k]! < from) k++;
    return k < found.length ? found[k]! : -1;
  };
}

/** Inline Markdown → React nodes: escapes, **bold** / __bold__, [text](url). */
function inline(text: string, keyPrefix: string, links = true): ReactNode[] {
  const nodes: ReactNode[] = [];
  const linkMiddle = forwardFinder(text, '](');
  const linkEnd = forwardFinder(text, ')');
  let plain = '';
  const flush = () => {
    if (plain) nodes.push(plain);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const key = `${keyPrefix}.${nodes.length}`;
    if (ch === '\\' && i + 1 < text.length && /[!-/:-@[-`{-~]/.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    const marker = text.startsWith('**', i) ? '**' : text.startsWith('__', i) ? '__' : null;
    if (marker) {
      const end = findUnescaped(text, marker, i + 2);
      if (end > i + 2) {
        flush();
        nodes.push(<strong key={key}>{inline(text.slice(i + 2, end), key, links)}</strong>);
        i = end + 2;
        continue;
      }
    }
    if (ch === '[' && links) {
      const close = linkMiddle(i + 1);
      const end = close === -1 ? -1 : linkEnd(close + 2);
      if (close > i && end !== -1) {
        flush();
        nodes.push(renderLink(inline(text.slice(i + 1, close), key, false), text.slice(close + 2, end), key));
        i = end + 1;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return nodes;
}

type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'heading'; text: string }
  | { kind: 'ul' | 'ol'; items: string[] };

// Lines are classified by plain string code, not regular expressions: a pattern like
// `^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$` backtracks polynomially (one 1,200-character line took
// 22 s), and an answer comes from a backend. Every function below looks at each character a
// bounded number of times.

/** Whitespace as JavaScript's `\s` and `String.prototype.trim` understand it. */
function isSpace(ch: string | undefined): boolean {
  return ch !== undefined && ch !== '' && ch.trim() === '';
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/** The index of the first non-whitespace character of `line` at or after `from`. */
function skipSpaces(line: string, from: number): number {
  let i = from;
  while (isSpace(line[i])) i++;
  return i;
}

/**
 * A list item: optional indentation, a marker (`-`, `*`, `•`, or one to three digits and `.` or
 * `)`), at least one space, then the item's text (leading spaces dropped). Null for other lines.
 */
export function listItem(line: string): { kind: 'ul' | 'ol'; text: string } | null {
  let i = skipSpaces(line, 0);
  let kind: 'ul' | 'ol';
  if (line[i] === '-' || line[i] === '*' || line[i] === '•') {
    kind = 'ul';
    i++;
  } else {
    const digits = i;
    while (isDigit(line[i]) && i - digits < 4) i++;
    if (i === digits || i - digits > 3 || (line[i] !== '.' && line[i] !== ')')) return null;
    kind = 'ol';
    i++;
  }
  if (!isSpace(line[i])) return null;
  return { kind, text: line.slice(skipSpaces(line, i)) };
}

/**
 * A heading's text: up to three spaces of indentation, one to six `#`, at least one space, then
 * the text, without surrounding spaces and without a closing run of `#` (when a space precedes
 * it, as in CommonMark, so `# C#` keeps its `#`). Null for other lines.
 */
export function headingText(line: string): string | null {
  let i = 0;
  while (i < 3 && isSpace(line[i])) i++;
  const hashes = i;
  while (line[i] === '#') i++;
  if (i === hashes || i - hashes > 6 || !isSpace(line[i])) return null;
  const text = line.slice(i).trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === text.length) return text;
  if (end === 0) return '';
  return isSpace(text[end - 1]) ? text.slice(0, end).trimEnd() : text;
}

type ListBlock = Extract<Block, { kind: 'ul' | 'ol' }>;
type ParagraphBlock = Extract<Block, { kind: 'p' }>;

/** Splits Markdown into paragraphs, headings and lists. */
function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  // The block the next line may continue (at most one of the two is set).
  let list = null as ListBlock | null;
  let paragraph = null as ParagraphBlock | null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const item = listItem(line);
    const heading = item ? null : headingText(line);
    if (!line.trim()) {
      list = paragraph = null;
    } else if (item) {
      if (list?.kind !== item.kind) out.push((list = { kind: item.kind, items: [] }));
      list.items.push(item.text);
      paragraph = null;
    } else if (heading !== null) {
      out.push({ kind: 'heading', text: heading });
      list = paragraph = null;
    } else if (list && isSpace(line[0])) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (!paragraph) out.push((paragraph = { kind: 'p', lines: [] }));
      paragraph.lines.push(line.trim());
      list = null;
    }
  }
  return out;
}

/** Renders an answer's Markdown (see the top of this file for what is understood). */
export function AssistantMarkdown({ text }: { text: string }) {
  return (
    <div className="space-y-2">
      {blocks(text).map((block, b) => {
        const key = String(b);
        switch (block.kind) {
          case 'heading':
            return (
              <p key={key}>
                <strong>{inline(block.text, key)}</strong>
              </p>
            );
          case 'ul':
          case 'ol': {
            const List = block.kind;
            return (
              <List key={key} className={`space-y-1 ps-5 ${block.kind === 'ul' ? 'list-disc' : 'list-decimal'}`}>
                {block.items.map((item, i) => (
                  <li key={i}>{inline(item, `${key}.${i}`)}</li>
                ))}
              </List>
            );
          }
          case 'p':
            return (
              <p key={key}>
                {block.lines.map((line, i) => [i > 0 ? <br key={`br${i}`} /> : null, ...inline(line, `${key}.${i}`)])}
              </p>
            );
        }
      })}
    </div>
  );
}

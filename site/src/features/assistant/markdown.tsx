// A safe subset of Markdown for the assistant's answers, rendered into React elements: never
// HTML. Paragraphs (a single newline is a line break), `-`/`*` and `1.` lists, `#` headings (as
// bold lines), **bold**, [links](url) and backslash escapes. Anything else, HTML included, is
// text. Links go only to this site's pages (`/ar/...`, `/en/...`, through the router) or to
// https, mailto and tel addresses; any other link is shown as its text.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export type SafeHref = { internal: true; href: string } | { internal: false; href: string };

/** A link target the answers may use, or null. */
export function safeHref(raw: string): SafeHref | null {
  let href = raw.trim();
  // Whitespace, control characters, quotes or backslashes have no place in a link we keep.
  if (!href || /[\s\u0000-\u001f\u007f"'<>\\`]/.test(href)) return null;
  if (/^\/(ar|en)(\/|$|[?#])/.test(href) && !href.startsWith('//')) return { internal: true, href };
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

/** Inline Markdown → React nodes: escapes, **bold** / __bold__, [text](url). */
function inline(text: string, keyPrefix: string, links = true): ReactNode[] {
  const nodes: ReactNode[] = [];
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
      const close = findUnescaped(text, '](', i + 1);
      const end = close === -1 ? -1 : findUnescaped(text, ')', close + 2);
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

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

type ListBlock = Extract<Block, { kind: 'ul' | 'ol' }>;
type ParagraphBlock = Extract<Block, { kind: 'p' }>;

/** Splits Markdown into paragraphs, headings and lists. */
function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  // The block the next line may continue (at most one of the two is set).
  let list = null as ListBlock | null;
  let paragraph = null as ParagraphBlock | null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    const heading = HEADING.exec(line);
    if (!line.trim()) {
      list = paragraph = null;
    } else if (item) {
      const kind = BULLET.test(line) ? 'ul' : 'ol';
      if (list?.kind !== kind) out.push((list = { kind, items: [] }));
      list.items.push(item[1]!);
      paragraph = null;
    } else if (heading) {
      out.push({ kind: 'heading', text: heading[1]! });
      list = paragraph = null;
    } else if (list && /^\s/.test(line)) {
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

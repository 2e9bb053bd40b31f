// The answers' Markdown renderer: a safe subset into React elements, never HTML.
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AssistantMarkdown, safeHref } from '../markdown';

function renderMarkdown(text: string) {
  return render(
    <MemoryRouter>
      <AssistantMarkdown text={text} />
    </MemoryRouter>,
  ).container;
}

describe('AssistantMarkdown', () => {
  it('renders paragraphs, line breaks, bold and lists', () => {
    const root = renderMarkdown('**Company formation** takes\n2-10 days.\n\n- Passport\n- Photo\n\n1. Apply\n2. Wait');
    const paragraphs = root.querySelectorAll('p');
    expect(paragraphs).toHaveLength(1);
    expect(paragraphs[0]!.querySelector('strong')?.textContent).toBe('Company formation');
    expect(paragraphs[0]!.querySelector('br')).not.toBeNull();
    expect([...root.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['Passport', 'Photo']);
    expect([...root.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['Apply', 'Wait']);
  });

  it('shows HTML in an answer as text, never as elements', () => {
    const text = 'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <a href="javascript:alert(3)">x</a>';
    const root = renderMarkdown(text);
    expect(root.querySelector('script, img, a, iframe')).toBeNull();
    expect(root.textContent).toBe(text);
  });

  it('makes links only to site pages and https, mailto and tel addresses', () => {
    const root = renderMarkdown(
      [
        '[service](/en/services/company-formation/)',
        '[faq](/ar/faq/#working-hours)',
        '[agent](https://wa.me/971505550100)',
        '[mail](mailto:info@example.ae)',
        '[call](tel:+97145550100)',
        '[bad1](javascript:alert(1))',
        '[bad2](JaVaScRiPt:alert(1))',
        '[bad3](data:text/html,<b>x</b>)',
        '[bad4](http://example.com)',
        '[bad5](//evil.example/)',
        '[bad6](/fr/page/)',
        '[bad7](vbscript:msgbox)',
      ].join('\n\n'),
    );
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['service', 'faq', 'agent', 'mail', 'call']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/en/services/company-formation/',
      '/ar/faq/#working-hours',
      'https://wa.me/971505550100',
      'mailto:info@example.ae',
      'tel:+97145550100',
    ]);
    // External https links open in a new tab, without access to this page.
    expect(links[2]!.getAttribute('target')).toBe('_blank');
    expect(links[2]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]!.getAttribute('target')).toBeNull();
    // A refused link keeps its text.
    for (const n of [1, 2, 3, 4, 5, 6, 7]) expect(root.textContent).toContain(`bad${n}`);
  });

  it('honours backslash escapes and leaves unclosed markers as text', () => {
    const root = renderMarkdown('\\*\\*not bold\\*\\* and **open and [half](');
    expect(root.querySelector('strong, a')).toBeNull();
    expect(root.textContent).toBe('**not bold** and **open and [half](');
  });

  it('renders a heading as a bold line', () => {
    const root = renderMarkdown('## Timeline\nTwo days');
    expect(root.querySelector('h1, h2, h3')).toBeNull();
    expect(root.querySelector('strong')?.textContent).toBe('Timeline');
  });
});

describe('safeHref', () => {
  it('accepts site paths and https, mailto, tel and wa.me addresses', () => {
    expect(safeHref('/en/')).toEqual({ internal: true, href: '/en/' });
    expect(safeHref('/ar')).toEqual({ internal: true, href: '/ar' });
    expect(safeHref('wa.me/971500000000')).toEqual({ internal: false, href: 'https://wa.me/971500000000' });
    expect(safeHref('https://example.ae/x')).toEqual({ internal: false, href: 'https://example.ae/x' });
  });

  it('refuses everything else', () => {
    for (const href of ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:x', 'http://x.ae', 'ftp://x', '/enx/', '../x', '#top', '', 'https://x.ae/"onmouseover="x']) {
      expect(safeHref(href), href).toBeNull();
    }
  });
});

import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import contract from '../../../../../tests/contracts/gov-icons.json';
import { renderWithApp } from '@/__tests__/test-utils';
import { GovBadges } from '@/app/routes/gov-badges';
import arCommon from '@/i18n/ar/common.json';
import enCommon from '@/i18n/en/common.json';
import type { GovIcon } from '@/shared/page-data';

const ALL = contract as GovIcon[];
const LATIN = /[A-Za-z]/;

function badges(path: string, icons: GovIcon[] = ALL) {
  const { container } = renderWithApp(<GovBadges icons={icons} label="label" />, { path });
  return [...container.querySelectorAll('li')];
}

/** What a screen reader reads: the text without the parts hidden from it. */
function spoken(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

/** What a sighted reader sees: the text without the screen-reader-only parts. */
function shown(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
  return copy.textContent ?? '';
}

describe('the government badges', () => {
  it('have a name in both languages for every id Rust accepts in `govIcons:` (tests/contracts/gov-icons.json), and no other', () => {
    expect(Object.keys(enCommon.govBadges).sort()).toEqual([...ALL].sort());
    expect(Object.keys(arCommon.govBadges).sort()).toEqual([...ALL].sort());
  });

  it('show Arabic names on Arabic pages, never a Latin acronym, without letter-spacing', () => {
    const items = badges('/ar/services/');
    expect(items).toHaveLength(ALL.length);
    items.forEach((li, i) => {
      const id = ALL[i]!;
      expect(shown(li), id).toBe(arCommon.govBadges[id as keyof typeof arCommon.govBadges].short);
      expect(spoken(li), id).toBe(arCommon.govBadges[id as keyof typeof arCommon.govBadges].name);
      expect(li.textContent, id).not.toMatch(LATIN);
      expect(li.className, id).not.toContain('tracking');
      expect(li.getAttribute('dir'), id).toBeNull();
    });
  });

  it('show the current names, not the ids the specification started with', () => {
    const en = badges('/en/services/', ['DED', 'MOFAIC', 'GDRFA']);
    expect(en.map(shown)).toEqual(['DET', 'MoFA', 'GDRFA']);
    expect(en.map(spoken)).toEqual([
      'Dubai Department of Economy and Tourism',
      'Ministry of Foreign Affairs',
      'General Directorate of Residency and Foreigners Affairs – Dubai',
    ]);
    const ar = badges('/ar/services/', ['DED', 'GDRFA', 'ICP']);
    expect(ar.map(shown)).toEqual(['دائرة الاقتصاد والسياحة', 'إقامة دبي', 'الهوية والجنسية']);
    expect(ar.map(spoken)).toEqual([
      'دائرة الاقتصاد والسياحة في دبي',
      'الإدارة العامة للإقامة وشؤون الأجانب في دبي',
      'الهيئة الاتحادية للهوية والجنسية والجمارك وأمن المنافذ',
    ]);
  });

  it('give a shortened label its full name as a tooltip, and a full one none', () => {
    const [det, police] = badges('/en/services/', ['DED', 'DubaiPolice']);
    expect(within(det!).getByText('DET').getAttribute('title')).toBe('Dubai Department of Economy and Tourism');
    expect(police!.querySelector('[title]')).toBeNull();
    expect(police!.textContent).toBe('Dubai Police');
  });

  it('show acronyms with letter-spacing on English pages', () => {
    for (const li of badges('/en/services/')) expect(li.className).toContain('tracking-wide');
  });

  it('show nothing for a service without authorities', () => {
    const { container } = renderWithApp(<GovBadges icons={[]} label="label" />, { path: '/ar/services/' });
    expect(container.querySelector('ul')).toBeNull();
  });
});

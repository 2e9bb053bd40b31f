import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { withThreeLanguages } from '@/__tests__/languages';
import { renderWithApp, SITE } from '@/__tests__/test-utils';
import { Footer } from '@/features/layout/footer';

const mainServices = () => {
  const heading = screen.getByRole('heading', { name: 'Main services' });
  return [...heading.parentElement!.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
};

describe('the footer', () => {
  it('lists the services content marks with `footer:`, in the order the page data gives', () => {
    renderWithApp(<Footer site={SITE} />, { path: '/en/' });
    expect(mainServices()).toEqual([
      ['GDRFA and ICP', '/en/services/gdrfa-icp/'],
      ['Company formation', '/en/services/company-formation/'],
    ]);
  });

  it('lists no service when content marks none', () => {
    renderWithApp(<Footer site={{ ...SITE, footerServices: [] }} />, { path: '/ar/' });
    expect(screen.getByRole('heading', { name: 'أبرز خدماتنا' }).parentElement!.querySelectorAll('a')).toHaveLength(0);
  });
});

describe('the language switch', () => {
  const switchLinks = () => [...document.querySelectorAll('footer a[hreflang]')];

  it('with two languages is one link to the same page in the other language', () => {
    renderWithApp(<Footer site={SITE} />, { path: '/en/services/tax/' });
    expect(document.querySelector('footer details')).toBeNull();
    expect(switchLinks().map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('lang')])).toEqual([['العربية', '/ar/services/tax/', 'ar']]);
    expect(screen.getByRole('link', { name: 'اقرأ هذه الصفحة بالعربية' }).classList.contains('font-cairo')).toBe(true);
  });

  describe('with three languages', () => {
    withThreeLanguages();
    const menu = () => document.querySelector('footer details') as HTMLDetailsElement;
    const summary = () => menu().querySelector('summary')!;

    it('is a menu of every language, by its own name, in its own language, direction and font', () => {
      renderWithApp(<Footer site={SITE} />, { path: '/en/services/tax/' });
      expect(summary().textContent).toBe('Languages');
      const links = within(menu()).getAllByRole('link', { hidden: true });
      expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('hreflang'), a.getAttribute('lang'), a.getAttribute('dir')])).toEqual([
        ['العربية', '/ar/services/tax/', 'ar', 'ar', 'rtl'],
        ['English', '/en/services/tax/', 'en', 'en', 'ltr'],
        ['فارسی', '/fa/services/tax/', 'fa', 'fa', 'rtl'],
      ]);
      expect(links.map((a) => a.getAttribute('aria-current'))).toEqual([null, 'page', null]);
      expect(links.map((a) => ['font-cairo', 'font-poppins', 'font-vazirmatn'].filter((f) => a.classList.contains(f)))).toEqual([
        ['font-cairo'],
        ['font-poppins'],
        ['font-vazirmatn'],
      ]);
    });

    it('closes on Escape with focus back on its summary, and switches language, closing', async () => {
      const user = userEvent.setup();
      renderWithApp(<Footer site={SITE} />, { path: '/ar/services/tax/' });
      expect(menu().open).toBe(false);
      // (A browser also opens it with Enter or Space on the summary; jsdom only on a click.)
      await user.click(summary());
      expect(menu().open).toBe(true);
      await user.tab();
      expect(document.activeElement?.textContent).toBe('العربية');
      await user.keyboard('{Escape}');
      expect(menu().open).toBe(false);
      expect(document.activeElement).toBe(summary());

      await user.click(summary());
      await user.click(screen.getByRole('link', { name: 'فارسی' }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/fa/services/tax/'));
      expect(menu().open).toBe(false);
      expect(within(menu()).getByRole('link', { name: 'فارسی', hidden: true }).getAttribute('aria-current')).toBe('page');
    });

    it('has no accessibility violations, closed and open', async () => {
      const { container } = renderWithApp(<Footer site={SITE} />, { path: '/fa/services/tax/' });
      const run = async () => (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`);
      expect(await run()).toEqual([]);
      menu().open = true;
      expect(await run()).toEqual([]);
    });
  });
});

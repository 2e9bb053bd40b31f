import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

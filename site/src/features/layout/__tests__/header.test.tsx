import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, SITE } from '@/__tests__/test-utils';
import { Header } from '@/features/layout/header';
import { navCurrent } from '@/features/layout/nav-items';

const toggle = () => screen.getByRole('button', { name: /menu/i });
const mobileMenu = () => document.getElementById(toggle().getAttribute('aria-controls')!)!;
/** Below lg the navigation is a panel, shown only while the menu is open. */
const menuShown = () => !mobileMenu().classList.contains('hidden');

describe('the header', () => {
  it('has the seven items, the assistant, chat-app and get-quote buttons', () => {
    renderWithApp(<Header site={SITE} />, { path: '/en/pricing/' });
    const desktop = screen.getByRole('navigation', { name: 'Main navigation' });
    const names = [...desktop.querySelectorAll('ul a')].map((a) => a.textContent);
    expect(names).toEqual(['Home', 'About', 'Services', 'Pricing', 'FAQ', 'Blog', 'Contact']);
    expect(screen.getByRole('link', { name: 'Open the assistant chat' }).getAttribute('href')).toBe('/en/assistant-chat/');
    const chat = screen.getByRole('link', { name: /WhatsApp/ });
    expect(chat.getAttribute('href')).toBe('https://wa.me/971505550100');
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('link', { name: 'Get a quote' })[0]!.getAttribute('href')).toBe('/en/contact/');
    expect(screen.getByRole('link', { name: /home page/ }).getAttribute('href')).toBe('/en/');
  });

  it('marks the current page with aria-current', () => {
    renderWithApp(<Header site={SITE} />, { path: '/en/pricing/' });
    const desktop = screen.getByRole('navigation', { name: 'Main navigation' });
    const current = [...desktop.querySelectorAll('[aria-current]')];
    expect(current.map((a) => [a.textContent, a.getAttribute('aria-current')])).toEqual([['Pricing', 'page']]);
  });

  it.each([
    ['home', '/ar/', 'page'],
    ['home', '/ar/home/', 'page'],
    ['home', '/ar/about/', undefined],
    ['services', '/en/services/', 'page'],
    ['services', '/en/services/gdrfa-icp/', 'true'],
    ['blog', '/en/blog/golden-visa-guide', 'true'],
    ['about', '/en/about', 'page'],
  ] as const)('%s on %s is %s', (key, path, expected) => {
    expect(navCurrent(key, path.startsWith('/ar') ? 'ar' : 'en', path)).toBe(expected);
  });

  it('opens the mobile menu with focus inside, and closes it on Escape with focus back on the toggle', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header site={SITE} />, { path: '/en/' });
    expect(menuShown()).toBe(false);
    await user.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(menuShown()).toBe(true);
    expect(mobileMenu().contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(menuShown()).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });

  it('closes the mobile menu on navigation', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header site={SITE} />, { path: '/en/' });
    await user.click(toggle());
    const faq = [...mobileMenu().querySelectorAll('a')].find((a) => a.textContent === 'FAQ')!;
    await user.click(faq);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/en/faq/'));
    expect(menuShown()).toBe(false);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });
});

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import * as LucideBotMessageSquare from 'lucide-react/icons/bot-message-square';
import * as LucideMenu from 'lucide-react/icons/menu';
import * as LucideMessageCircle from 'lucide-react/icons/message-circle';
import * as LucideX from 'lucide-react/icons/x';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { useLocation } from 'react-router-dom';
import { Link } from '@/shared/routing/link';
import { useLanguage } from '@/shared/language/use-language';
import { cx } from '@/shared/class-names';
import type { SiteInfo } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { buttonVariants } from '@/shared/ui/button';
import { useContactHandoff } from '@/shared/handoff/use-contact-handoff';
import { WhatsAppLink } from '@/shared/ui/contact-links';
import { LogoMark } from './logo-mark';
import { NAV_ITEMS, navCurrent } from './nav-items';

const BotMessageSquare = lean(LucideBotMessageSquare);
const Menu = lean(LucideMenu);
const MessageCircle = lean(LucideMessageCircle);
const X = lean(LucideX);

/** Scroll offset, in px, past which the header turns translucent. */
export const HEADER_SCROLL_THRESHOLD = 20;

/** `search`: the search button, which the app composes in (a feature of its own). */
export function Header({ site, search }: { site: SiteInfo; search?: ReactNode }) {
  const { t } = useTranslation();
  const { language: lang, toggleAssistant } = useLanguage();
  const { pathname } = useLocation();
  const handoff = useContactHandoff();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // The mobile menu closes on navigation.
  useEffect(() => setMenuOpen(false), [pathname]);

  // A link chosen in the open menu closes it; focus, which was on that link, moves to the
  // page's content (the main element stays in place across navigations).
  const onNavLinkClick = () => {
    if (!menuOpen) return;
    setMenuOpen(false);
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  // Opening the menu moves focus into it; Escape closes it and returns focus to the toggle.
  useEffect(() => {
    if (!menuOpen) return;
    menuRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // One navigation landmark for every width: a row in the header from lg up, a panel under
  // the header (opened by the menu button) below that.
  const navItems = NAV_ITEMS.map(({ key, href }) => {
    const current = navCurrent(key, lang, pathname);
    return (
      <li key={key}>
        <Link
          to={href(lang)}
          aria-current={current}
          onClick={onNavLinkClick}
          className={cx(
            'relative block rounded-lg font-semibold transition-colors',
            'px-3 py-3 text-base lg:py-2 lg:text-[0.9rem] xl:px-3.5',
            current ? 'text-brand-800 max-lg:bg-brand-50' : 'text-slate-700 hover:bg-brand-50 hover:text-brand-800',
            // The active marker: a bar at the item's start (menu panel) or under it (header row).
            current &&
              'max-lg:before:absolute max-lg:before:inset-y-2 max-lg:before:start-0 max-lg:before:w-1 max-lg:before:rounded-full max-lg:before:bg-brand-600 ' +
                'lg:after:absolute lg:after:inset-x-3 lg:after:-bottom-0.5 lg:after:h-0.5 lg:after:rounded-full lg:after:bg-brand-600',
          )}
        >
          {t(`nav.${key}`)}
        </Link>
      </li>
    );
  });

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cx(
        'sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200 print:hidden',
        scrolled ? 'border-slate-200/80 bg-white/80 shadow-sm backdrop-blur-md' : 'border-slate-100 bg-white',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 lg:h-[4.5rem]">
        <Link
          to={paths.home(lang)}
          aria-label={t('nav.logoLabel', { company: site.companyName, isolate: false })}
          className="flex min-w-0 items-center gap-2.5 rounded-lg"
        >
          <LogoMark className="size-10 shrink-0" />
          <span className="min-w-0 text-[0.95rem] font-bold leading-tight text-brand-950 sm:text-base">{site.companyName}</span>
        </Link>

        <nav
          ref={menuRef}
          id={menuId}
          aria-label={t('nav.main')}
          className={cx(
            'lg:static lg:ms-auto lg:block lg:max-h-none lg:overflow-visible lg:border-0 lg:bg-transparent lg:shadow-none',
            'absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white shadow-lg',
            menuOpen ? 'block' : 'hidden',
          )}
        >
          <ul className="mx-auto max-w-6xl space-y-1 px-4 py-3 lg:flex lg:items-center lg:space-y-0 lg:p-0">{navItems}</ul>
          <div className="mx-auto max-w-6xl px-4 pb-4 lg:hidden">
            <Link to={paths.contact(lang)} onClick={onNavLinkClick} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
              {t('nav.getQuote')}
            </Link>
          </div>
        </nav>

        <div className="ms-auto flex shrink-0 items-center gap-1 lg:ms-2">
          {search}
          <Link
            to={paths.assistantChat(lang)}
            onClick={() => toggleAssistant(false)}
            aria-label={t('nav.assistantLabel')}
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          >
            <BotMessageSquare />
          </Link>
          <WhatsAppLink
            number={site.whatsapp}
            message={handoff.message}
            title={handoff.note}
            aria-label={t('nav.whatsappLabel')}
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          >
            <MessageCircle />
          </WhatsAppLink>
          <Link to={paths.contact(lang)} className={buttonVariants({ className: 'ms-1 max-sm:hidden' })}>
            {t('nav.getQuote')}
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className={buttonVariants({ variant: 'outline', size: 'icon', className: 'ms-1 lg:hidden' })}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X /> : <Menu />}
          </button>
        </div>
      </div>
    </header>
  );
}

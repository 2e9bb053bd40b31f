import * as LucideArrowUp from 'lucide-react/icons/arrow-up';
import * as LucideClock from 'lucide-react/icons/clock';
import * as LucideLanguages from 'lucide-react/icons/languages';
import * as LucideMail from 'lucide-react/icons/mail';
import * as LucideMapPin from 'lucide-react/icons/map-pin';
import * as LucideMessageCircle from 'lucide-react/icons/message-circle';
import * as LucidePhone from 'lucide-react/icons/phone';
import * as LucideShieldCheck from 'lucide-react/icons/shield-check';
import { lean } from '@/shared/ui/lean-icon';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { loadCatalogue, useTranslation } from '@/i18n';
import { useLocation } from 'react-router-dom';
import { Link } from '@/shared/routing/link';
import { useLanguage } from '@/shared/language/use-language';
import { formatTime } from '@/shared/date-time';
import { fontClass, languages, type Language } from '@/shared/languages';
import type { SiteInfo } from '@/shared/page-data';
import { paths, switchLanguagePath } from '@/shared/paths';
import { useContactHandoff } from '@/shared/handoff/use-contact-handoff';
import { EmailAddressLink, PhoneNumberLink, WhatsAppNumberLink } from '@/shared/ui/contact-links';
import { LogoMark } from './logo-mark';
import { NAV_ITEMS } from './nav-items';

const ArrowUp = lean(LucideArrowUp);
const Clock = lean(LucideClock);
const Languages = lean(LucideLanguages);
const Mail = lean(LucideMail);
const MapPin = lean(LucideMapPin);
const MessageCircle = lean(LucideMessageCircle);
const Phone = lean(LucidePhone);
const ShieldCheck = lean(LucideShieldCheck);

const linkClass = 'rounded text-slate-300 transition-colors hover:text-white hover:underline underline-offset-4';

export function Footer({ site }: { site: SiteInfo }) {
  const strings = useTranslation();
  const { t } = strings;
  const { language: lang } = useLanguage();
  const handoff = useContactHandoff();

  return (
    <footer className="bg-brand-950 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.3fr_1.4fr]">
        <div>
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-10 shrink-0" />
            <p className="text-lg font-bold leading-tight text-white">{site.companyName}</p>
          </div>
          <p className="mt-4 text-sm leading-relaxed">{t('footer.about')}</p>
          <LanguageSwitch />
        </div>

        <nav aria-label={t('footer.navLabel')}>
          <h2 className="text-sm font-bold uppercase ltr:tracking-wide text-white">{t('footer.quickLinks')}</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {NAV_ITEMS.map(({ key, href }) => (
              <li key={key}>
                <Link className={linkClass} to={href(lang)}>{t(`nav.${key}`)}</Link>
              </li>
            ))}
            <li>
              <Link className={linkClass} to={paths.assistantChat(lang)}>{t('nav.assistant')}</Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-bold uppercase ltr:tracking-wide text-white">{t('footer.mainServices')}</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {site.footerServices.map(({ id, title }) => (
              <li key={id}>
                <Link className={linkClass} to={paths.service(lang, id)}>{title}</Link>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-bold uppercase ltr:tracking-wide text-white">{t('footer.contactInfo')}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <ContactLine icon={<Phone />} label={t('footer.phone')}>
              <PhoneNumberLink phone={site.phone} className={linkClass} />
            </ContactLine>
            <ContactLine icon={<MessageCircle />} label={t('footer.whatsapp')}>
              <WhatsAppNumberLink message={handoff.message} number={site.whatsapp} className={linkClass} />
            </ContactLine>
            <ContactLine icon={<Mail />} label={t('footer.email')}>
              <EmailAddressLink email={site.email} className={linkClass} />
            </ContactLine>
            <ContactLine icon={<MapPin />} label={t('footer.address')}>{site.address}</ContactLine>
            <ContactLine icon={<Clock />} label={t('footer.hoursLabel')}>
              {t('footer.hours', { days: site.hours.days, opens: formatTime(strings, site.hours.opens), closes: formatTime(strings, site.hours.closes) })}
            </ContactLine>
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <p className="mx-auto flex max-w-6xl gap-3 px-4 py-5 text-sm leading-relaxed text-slate-300">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-200" aria-hidden="true" />
          {t('footer.disclaimer')}
        </p>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-5 gap-y-3 px-4 pb-24 pt-5 text-sm md:pb-5">
          <p>{t('footer.copyright', { year: site.year, company: site.companyName })}</p>
          <Link className={linkClass} to={paths.privacy(lang)}>{t('footer.privacy')}</Link>
          <Link className={linkClass} to={paths.terms(lang)}>{t('footer.terms')}</Link>
          <button
            type="button"
            className="ms-auto inline-flex items-center gap-2 rounded-lg border border-white/25 px-3.5 py-2 font-semibold text-white transition-colors hover:bg-white/10"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
            {t('footer.scrollTop')}
          </button>
        </div>
      </div>
    </footer>
  );
}

const switchClass = 'inline-flex items-center gap-2 rounded-lg border border-white/25 px-3.5 py-2 text-sm font-semibold text-white transition-colors hover:bg-white/10';

/**
 * The same page in another language: with two languages, one link to the other (its name, in
 * its font; its label says where it goes, in that language); with more, a disclosure (`<details>`,
 * which opens without JavaScript) listing every language by its own name, with its own `lang`
 * and `dir`, the current one marked (`aria-current`). Each keeps the path.
 */
function LanguageSwitch() {
  const { t } = useTranslation();
  const { language: lang, switchLanguage } = useLanguage();
  const { pathname } = useLocation();
  const all = languages();
  const link = (to: Language, className: string, rest: { 'aria-label'?: string; dir?: string; 'aria-current'?: 'page' } = {}, children: ReactNode = to.name) => (
    <Link
      to={switchLanguagePath(pathname, to.code)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.currentTarget.closest('details')?.removeAttribute('open');
        if (to.code === lang || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        switchLanguage(to.code);
      }}
      // Fetch the language's strings as soon as the visitor reaches for the link.
      onPointerEnter={() => void loadCatalogue(to.code).catch(() => {})}
      onFocus={() => void loadCatalogue(to.code).catch(() => {})}
      hrefLang={to.code}
      lang={to.code}
      {...rest}
      className={`${className} ${fontClass(to.code)}`}
    >
      {children}
    </Link>
  );
  const icon = <Languages className="size-4" aria-hidden="true" />;
  if (all.length === 2) {
    const target = all.find((l) => l.code !== lang) ?? all[0]!;
    return link(target, `mt-5 ${switchClass}`, { 'aria-label': t('footer.languageLabel') }, <>{icon}{target.name}</>);
  }
  return (
    <details
      className="mt-5"
      onKeyDown={(event: KeyboardEvent<HTMLDetailsElement>) => {
        if (event.key !== 'Escape' || !event.currentTarget.open) return;
        event.currentTarget.open = false;
        event.currentTarget.querySelector('summary')?.focus();
      }}
    >
      <summary className={`${switchClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        {icon}
        {t('footer.languages')}
      </summary>
      <ul className="mt-2 space-y-1 text-sm">
        {all.map((l) => (
          <li key={l.code}>
            {link(l, `inline-block rounded px-1 py-1 ${linkClass} aria-[current=page]:font-bold aria-[current=page]:text-white`, {
              dir: l.dir,
              'aria-current': l.code === lang ? 'page' : undefined,
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 text-brand-200 [&_svg]:size-4" aria-hidden="true">{icon}</span>
      <span>
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </li>
  );
}

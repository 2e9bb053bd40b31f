import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Lang, SiteInfo } from '@/shared/page-data';
import { otherLang } from '@/shared/locale';
import { paths, switchLanguagePath } from '@/shared/paths';

const MAIN_SERVICES = ['company-formation', 'visas-residency', 'mohre-work-permits', 'gdrfa-icp', 'pro-packages'];

export function Footer({ lang, site, serviceTitles }: { lang: Lang; site: SiteInfo; serviceTitles: Record<string, string> }) {
  const { t } = useTranslation();
  const location = useLocation();
  const target = otherLang(lang);
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.companyName}</p>
          <p className="mt-3 text-sm leading-relaxed text-slate-300">{t('footer.disclaimer')}</p>
          <Link
            to={switchLanguagePath(location.pathname, target)}
            hrefLang={target}
            lang={target}
            aria-label={t('footer.languageLabel')}
            className="mt-4 inline-block rounded-md border border-slate-500 px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-800"
          >
            {t('footer.language')}
          </Link>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('footer.quickLinks')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="hover:underline" to={paths.about(lang)}>{t('nav.about')}</Link></li>
            <li><Link className="hover:underline" to={paths.services(lang)}>{t('nav.services')}</Link></li>
            <li><Link className="hover:underline" to={paths.pricing(lang)}>{t('nav.pricing')}</Link></li>
            <li><Link className="hover:underline" to={paths.faq(lang)}>{t('nav.faq')}</Link></li>
            <li><Link className="hover:underline" to={paths.blog(lang)}>{t('nav.blog')}</Link></li>
            <li><Link className="hover:underline" to={paths.contact(lang)}>{t('nav.contact')}</Link></li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('footer.mainServices')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {MAIN_SERVICES.filter((id) => serviceTitles[id]).map((id) => (
              <li key={id}>
                <Link className="hover:underline" to={paths.service(lang, id)}>{serviceTitles[id]}</Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('footer.contactInfo')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              {t('common.callUs')}: <a className="hover:underline" href={`tel:${site.phone.replace(/\s+/g, '')}`}><bdi dir="ltr">{site.phone}</bdi></a>
            </li>
            <li>
              {t('common.emailUs')}: <a className="hover:underline" href={`mailto:${site.email}`}><bdi dir="ltr">{site.email}</bdi></a>
            </li>
            <li>{site.address}</li>
            <li>
              {t('footer.hours', { days: site.hours.days, opens: site.hours.opens, closes: site.hours.closes })}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-4 text-sm text-slate-300">
          <p>{t('footer.copyright', { year: site.year, company: site.companyName })}</p>
          <Link className="hover:underline" to={paths.privacy(lang)}>{t('footer.privacy')}</Link>
          <Link className="hover:underline" to={paths.terms(lang)}>{t('footer.terms')}</Link>
          <button
            type="button"
            className="ms-auto rounded-md border border-slate-500 px-3 py-1.5 hover:bg-slate-800"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            {t('footer.scrollTop')}
          </button>
        </div>
      </div>
    </footer>
  );
}

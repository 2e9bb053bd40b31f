import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Lang, PageData } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { PageTitle } from './page-title';

type ServicesData = Extract<PageData, { kind: 'services' }>;

export function ServicesScreen({ page, lang }: { page: ServicesData; lang: Lang }) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  // Landing on /services/#<anchor> scrolls to that section.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <PageTitle title={t('meta.services.title')} lead={t('meta.services.description')} />
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10">
        {page.sections.map((section) => {
          const services = page.services.filter((s) => s.section === section.anchor);
          return (
            <section key={section.anchor} id={section.anchor} aria-labelledby={`${section.anchor}-title`} className="scroll-mt-24">
              <h2 id={`${section.anchor}-title`} className="text-2xl font-bold text-slate-900">{section.title}</h2>
              {section.description ? <p className="mt-2 text-slate-700">{section.description}</p> : null}
              <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {services.map((service) => (
                  <li key={service.id} className="flex flex-col rounded-xl border border-slate-200 p-6">
                    <h3 className="text-lg font-semibold text-slate-900">{service.title}</h3>
                    <p className="mt-2 flex-1 text-slate-700">{service.summary}</p>
                    <p className="mt-3 text-sm text-slate-600">{t('common.timeline')}: {service.timeline}</p>
                    <Link to={paths.service(lang, service.id)} className="mt-4 font-semibold text-emerald-800 hover:underline">
                      {t('common.viewService')}<span className="sr-only">: {service.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}

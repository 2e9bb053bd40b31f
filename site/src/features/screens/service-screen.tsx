import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Lang, Service } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { PageTitle } from './page-title';

export function ServiceScreen({ service, lang }: { service: Service; lang: Lang }) {
  const { t } = useTranslation();
  const c = service.content;
  const list = (title: string, items: string[]) =>
    items.length > 0 ? (
      <section className="mt-8">
        <h2 className="text-xl font-bold text-slate-900">{title}</h2>
        <ul className="mt-3 list-disc space-y-2 ps-6 text-slate-800">
          {items.map((item) => <li key={item}>{item}</li>)}
        </ul>
      </section>
    ) : null;
  return (
    <>
      <PageTitle title={service.title} lead={service.summary}>
        <p className="mt-4 text-sm text-slate-700">
          {t('common.authorities')}:{' '}
          {service.govIcons.map((icon) => (
            <span key={icon} className="me-2 inline-block rounded bg-white px-2 py-0.5 font-semibold text-emerald-900 ring-1 ring-emerald-200">{icon}</span>
          ))}
        </p>
      </PageTitle>
      <div className="mx-auto max-w-3xl px-4 py-10">
        {c.description.split(/\n\s*\n/).map((paragraph) => (
          <p key={paragraph.slice(0, 40)} className="mb-4 leading-relaxed text-slate-800">{paragraph}</p>
        ))}
        <p className="mt-6 rounded-lg bg-emerald-50 p-4 font-semibold text-emerald-900">{t('common.timeline')}: {c.timeline}</p>
        {list(t('common.servicesOffered'), c.servicesOffered)}
        {list(t('common.requirements'), c.requirements)}
        {list(t('common.notes'), c.notes)}
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to={paths.contact(lang)} className="rounded-md bg-emerald-700 px-5 py-3 font-semibold text-white hover:bg-emerald-800">{t('common.contactUs')}</Link>
          <Link to={paths.services(lang)} className="rounded-md border border-emerald-700 px-5 py-3 font-semibold text-emerald-800">{t('common.allServices')}</Link>
        </div>
      </div>
    </>
  );
}

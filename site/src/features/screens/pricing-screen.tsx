import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Lang, Pricing } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { PageTitle } from './page-title';

export function PricingScreen({ pricing, lang }: { pricing: Pricing | null; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('meta.pricing.title')} lead={t('meta.pricing.description')} />
      <div className="mx-auto max-w-6xl px-4 py-10">
        <ul className="grid gap-6 lg:grid-cols-3">
          {pricing?.plans.map((plan) => (
            <li key={plan.id} className={`flex flex-col rounded-2xl border p-6 ${plan.isPopular ? 'border-emerald-700 shadow-lg' : 'border-slate-200'}`}>
              {plan.isPopular ? <p className="mb-2 w-fit rounded-full bg-emerald-700 px-3 py-1 text-xs font-semibold text-white">{t('common.popular')}</p> : null}
              <h2 className="text-xl font-bold text-slate-900">{plan.name}</h2>
              <p className="mt-2 text-2xl font-bold text-emerald-900">{plan.price}</p>
              <p className="text-sm text-slate-600">{plan.period}</p>
              <p className="mt-4 text-slate-700">{plan.description}</p>
              <ul className="mt-4 flex-1 list-disc space-y-2 ps-6 text-slate-800">
                {plan.features.map((f) => <li key={f}>{f}</li>)}
              </ul>
              <Link to={paths.contact(lang)} className="mt-6 rounded-md bg-emerald-700 px-4 py-2 text-center font-semibold text-white hover:bg-emerald-800">
                {t('nav.getQuote')}<span className="sr-only">: {plan.name}</span>
              </Link>
            </li>
          ))}
        </ul>
        {pricing && pricing.rules.length > 0 ? (
          <section className="mt-10">
            <h2 className="text-xl font-bold text-slate-900">{t('common.packageRules')}</h2>
            <ul className="mt-3 list-disc space-y-2 ps-6 text-slate-800">
              {pricing.rules.map((r) => <li key={r}>{r}</li>)}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}

import * as LucideCheck from 'lucide-react/icons/check';
import * as LucideInfo from 'lucide-react/icons/info';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { Link } from '@/shared/routing/link';
import { cx } from '@/shared/class-names';
import type { Lang, Pricing, Screen } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { buttonVariants } from '@/shared/ui/button';
import { PageTitle } from './page-title';
import type { ScreenProps } from './screen-types';

const Check = lean(LucideCheck);
const Info = lean(LucideInfo);

export function PricingScreen({ screen, pricing, lang }: { screen: Screen; pricing: Pricing | null; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle screen={screen} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <ul className="grid gap-6 lg:grid-cols-3 lg:items-stretch">
          {pricing?.plans.map((plan) => (
            <li
              key={plan.id}
              className={cx(
                'relative flex flex-col rounded-3xl bg-white p-7',
                plan.isPopular ? 'shadow-xl ring-2 ring-brand-600 lg:-my-3 lg:py-10' : 'shadow-sm ring-1 ring-slate-200',
              )}
            >
              {plan.isPopular ? (
                <p className="absolute -top-3.5 start-7 rounded-full bg-amber-400 px-3 py-1 text-xs font-bold text-slate-900 shadow-sm">{t('common.popular')}</p>
              ) : null}
              <h2 className="text-xl font-bold text-slate-900">{plan.name}</h2>
              <p className="mt-2 min-h-12 leading-relaxed text-slate-600">{plan.description}</p>
              <p className="mt-6 border-t border-slate-100 pt-6">
                <span className="block text-2xl font-bold text-brand-800">{plan.price}</span>
                <span className="text-sm text-slate-600">{plan.period}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-3 text-slate-700">
                    <Check className="mt-0.5 size-5 shrink-0 rounded-full bg-brand-50 p-0.5 text-brand-700" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Link
                to={paths.contact(lang)}
                className={buttonVariants({ size: 'lg', variant: plan.isPopular ? 'default' : 'outline', className: 'mt-8 w-full' })}
              >
                {t('nav.getQuote')}
                <span className="sr-only">: {plan.name}</span>
              </Link>
            </li>
          ))}
        </ul>
        {pricing && pricing.rules.length > 0 ? (
          <section className="mt-14 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
            <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <Info className="size-5 text-brand-700" aria-hidden="true" />
              {t('common.packageRules')}
            </h2>
            <ul className="mt-4 list-disc space-y-2 ps-6 leading-relaxed text-slate-700 marker:text-brand-600">
              {pricing.rules.map((rule) => <li key={rule}>{rule}</li>)}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}

export function PricingRoute({ data, lang }: ScreenProps) {
  return data.page.kind === 'pricing' ? <PricingScreen screen={data.screen} pricing={data.page.pricing} lang={lang} /> : null;
}

import '@/features/service-tools/strings';
import * as LucideArrowRight from 'lucide-react/icons/arrow-right';
import * as LucideClock from 'lucide-react/icons/clock';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { Link } from '@/shared/routing/link';
import type { Lang, PageData, Screen } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { GovBadges } from './gov-badges';
import { PageTitle } from './page-title';
import { serviceIcon } from './service-icons';
import type { ScreenProps } from './screen-types';
import { Photo, SERVICE_CARD_SIZES } from '@/shared/ui/photo';

const ArrowRight = lean(LucideArrowRight);
const Clock = lean(LucideClock);

type ServicesData = Extract<PageData, { kind: 'services' }>;

export function ServicesScreen({ screen, page, lang }: { screen: Screen; page: ServicesData; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle screen={screen}>
        <nav aria-label={t('common.onThisPage')} className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {page.sections.map((section) => (
              <li key={section.anchor}>
                <Link
                  to={paths.services(lang, section.anchor)}
                  className="inline-flex rounded-full border border-white/20 bg-white/5 px-3.5 py-1.5 text-sm font-semibold text-white transition-colors hover:bg-white/15"
                >
                  {section.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PageTitle>
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-14">
        {page.sections.map((section) => {
          const services = page.services.filter((s) => s.section === section.anchor);
          const Icon = serviceIcon(section.icon);
          return (
            <section
              key={section.anchor}
              id={section.anchor}
              aria-labelledby={`${section.anchor}-title`}
              className="scroll-mt-24 border-t border-slate-200 pt-12 first:border-t-0 first:pt-0 lg:grid lg:grid-cols-[17rem_1fr] lg:gap-10"
            >
              <div className="lg:sticky lg:top-28 lg:self-start">
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white" aria-hidden="true">
                  <Icon className="size-6" />
                </span>
                <h2 id={`${section.anchor}-title`} className="mt-4 text-2xl font-bold text-slate-900">{section.title}</h2>
                {section.description ? <p className="mt-2 leading-relaxed text-slate-600">{section.description}</p> : null}
              </div>
              <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:mt-0">
                {services.map((service) => (
                  <li key={service.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-500 hover:shadow-md">
                    {service.image && <Photo photo={service.image} sizes={SERVICE_CARD_SIZES} className="-mx-6 -mt-6 mb-5 aspect-[3/2] w-[calc(100%+3rem)] max-w-none rounded-t-2xl object-cover" />}
                    <h3 className="text-lg font-bold leading-snug text-slate-900">{service.title}</h3>
                    <div className="mt-3">
                      <GovBadges icons={service.govIcons} label={t('common.governmentAuthorities')} />
                    </div>
                    <p className="mt-3 flex-1 leading-relaxed text-slate-600">{service.summary}</p>
                    {service.timeline ? (
                      <p className="mt-4 flex items-start gap-2 text-sm text-slate-700">
                        <Clock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                        <span>
                          <span className="font-semibold">{t('common.timeline')}:</span> {service.timeline}
                        </span>
                      </p>
                    ) : null}
                    <Link
                      to={paths.service(lang, service.id)}
                      className="mt-5 inline-flex items-center gap-1.5 self-start rounded font-semibold text-brand-700 hover:text-brand-900 hover:underline"
                    >
                      {t('common.viewService')}
                      <span className="sr-only">: {service.title}</span>
                      <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
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

export function ServicesRoute({ data, lang }: ScreenProps) {
  return data.page.kind === 'services' ? <ServicesScreen screen={data.screen} page={data.page} lang={lang} /> : null;
}

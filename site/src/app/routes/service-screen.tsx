import { ArrowLeft, CircleCheck, Clock, FileText, Info, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { Link } from 'react-router-dom';
import type { Lang, Screen, Service, SiteInfo } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { buttonVariants } from '@/shared/ui/button';
import { WhatsAppLink } from '@/shared/ui/contact-links';
import { GovBadges } from './gov-badges';
import { PageTitle } from './page-title';
import type { ScreenProps } from './screen-types';

export function ServiceScreen({ screen, service, lang, site }: { screen: Screen; service: Service; lang: Lang; site: SiteInfo }) {
  const { t } = useTranslation();
  const c = service.content;
  return (
    <>
      <PageTitle screen={screen}>
        <div className="mt-6">
          <GovBadges icons={service.govIcons} label={t('common.governmentAuthorities')} tone="dark" />
        </div>
      </PageTitle>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          {c.description
            .split(/\n\s*\n/)
            .filter(Boolean)
            .map((paragraph, index) => (
              <p key={index} className="mb-5 text-[1.0625rem] leading-[1.9] text-slate-700">{paragraph}</p>
            ))}
          <ServiceList title={t('common.servicesOffered')} items={c.servicesOffered} icon={<CircleCheck className="text-brand-600" />} />
          <ServiceList title={t('common.requirements')} items={c.requirements} icon={<FileText className="text-brand-600" />} />
          {c.notes.length > 0 ? (
            <section className="mt-10 rounded-2xl border border-amber-200 bg-amber-50 p-6">
              <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
                <Info className="size-5 text-amber-700" aria-hidden="true" />
                {t('common.notes')}
              </h2>
              <ul className="mt-3 list-disc space-y-2 ps-6 leading-relaxed text-slate-800 marker:text-amber-600">
                {c.notes.map((note) => <li key={note}>{note}</li>)}
              </ul>
            </section>
          ) : null}
          <Link to={paths.services(lang)} className="mt-10 inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:underline">
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('common.allServices')}
          </Link>
        </div>

        <div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-24">
            {c.timeline ? (
              <div className="flex items-center gap-3 rounded-xl bg-brand-50 p-4">
                <Clock className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
                <p>
                  <span className="block text-sm text-slate-600">{t('common.timeline')}</span>
                  <span className="block font-bold text-brand-900">{c.timeline}</span>
                </p>
              </div>
            ) : null}
            <h2 className="mt-5 text-lg font-bold text-slate-900">{t('common.needHelp')}</h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{t('common.needHelpText')}</p>
            <div className="mt-5 grid gap-2.5">
              <Link to={paths.contact(lang)} className={buttonVariants({ size: 'lg' })}>{t('nav.getQuote')}</Link>
              <WhatsAppLink number={site.whatsapp} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                <MessageCircle aria-hidden="true" />
                {t('common.chatOnWhatsapp')}
              </WhatsAppLink>
            </div>
            <p className="mt-5 border-t border-slate-100 pt-4 text-xs leading-relaxed text-slate-600">{t('common.governmentFees')}</p>
          </div>
        </div>
      </div>
    </>
  );
}

function ServiceList({ title, items, icon }: { title: string; items: string[]; icon: ReactNode }) {
  if (items.length === 0) return null;
  return (
    <section className="mt-10">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 leading-relaxed text-slate-700">
            <span className="mt-1 shrink-0 [&_svg]:size-5" aria-hidden="true">{icon}</span>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ServiceRoute({ data, lang }: ScreenProps) {
  return data.page.kind === 'service' ? <ServiceScreen screen={data.screen} service={data.page.service} lang={lang} site={data.site} /> : null;
}

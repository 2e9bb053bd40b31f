import '@/features/service-tools/strings';
import * as LucideArrowLeft from 'lucide-react/icons/arrow-left';
import * as LucideCircleCheck from 'lucide-react/icons/circle-check';
import * as LucideClock from 'lucide-react/icons/clock';
import * as LucideFileText from 'lucide-react/icons/file-text';
import * as LucideInfo from 'lucide-react/icons/info';
import * as LucideMessageCircle from 'lucide-react/icons/message-circle';
import { lean } from '@/shared/ui/lean-icon';
import { useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '@/i18n';
import { Link } from '@/shared/routing/link';
import { DocumentChecklist } from '@/features/service-tools/document-checklist';
import { TimelineBar } from '@/features/service-tools/timeline-bar';
import { formatTime } from '@/shared/date-time';
import { HoursNote } from '@/shared/handoff/hours-note';
import { useContactHandoff } from '@/shared/handoff/use-contact-handoff';
import { intlLocale } from '@/shared/languages';
import type { Lang, Screen, Service, SiteInfo } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { buttonVariants } from '@/shared/ui/button';
import { EmailAddressLink, PhoneNumberLink, WhatsAppLink, WhatsAppNumberLink } from '@/shared/ui/contact-links';
import { GovBadges } from './gov-badges';
import { PageTitle } from './page-title';
import type { ScreenProps } from './screen-types';
import { Photo, SERVICE_SIZES } from '@/shared/ui/photo';

const ArrowLeft = lean(LucideArrowLeft);
const CircleCheck = lean(LucideCircleCheck);
const Clock = lean(LucideClock);
const FileText = lean(LucideFileText);
const Info = lean(LucideInfo);
const MessageCircle = lean(LucideMessageCircle);

export function ServiceScreen({ screen, service, lang, site }: { screen: Screen; service: Service; lang: Lang; site: SiteInfo }) {
  const { t } = useTranslation();
  const { message, note, open } = useContactHandoff();
  const c = service.content;
  return (
    <>
      <PrintHeading site={site} lang={lang} />
      <div data-print-title>
        <PageTitle screen={screen}>
          <div className="mt-6 print:hidden">
            <GovBadges icons={service.govIcons} label={t('common.governmentAuthorities')} tone="dark" />
          </div>
        </PageTitle>
      </div>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          {service.image && <Photo photo={service.image} sizes={SERVICE_SIZES} priority className="mb-8 w-full rounded-2xl" />}
          {c.description
            .split(/\n\s*\n/)
            .filter(Boolean)
            .map((paragraph, index) => (
              <p key={index} className="mb-5 text-[1.0625rem] leading-[1.9] text-slate-700">{paragraph}</p>
            ))}
          <ServiceList title={t('common.servicesOffered')} items={c.servicesOffered} icon={<CircleCheck className="text-brand-600" />} />
          <DocumentChecklist
            title={t('common.requirements')}
            documents={c.requirements}
            lang={lang}
            serviceId={service.id}
            icon={<FileText className="text-brand-600" />}
          />
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
          <Link to={paths.services(lang)} className="mt-10 inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:underline print:hidden">
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('common.allServices')}
          </Link>
        </div>

        <div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-24 print:border-0 print:p-0 print:shadow-none">
            {c.timeline ? (
              <div className="rounded-xl bg-brand-50 p-4 print:p-0">
                <div className="flex items-center gap-3">
                  <Clock className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
                  <p>
                    <span className="block text-sm text-slate-600">{t('common.timeline')}</span>
                    <span className="block font-bold text-brand-900">{c.timeline}</span>
                  </p>
                </div>
                {c.timelineDays ? <TimelineBar min={c.timelineDays.min} max={c.timelineDays.max} /> : null}
              </div>
            ) : null}
            <div className="print:hidden">
              <h2 className="mt-5 text-lg font-bold text-slate-900">{t('common.needHelp')}</h2>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{t('common.needHelpText')}</p>
              <div className="mt-5 grid gap-2.5">
                <Link to={paths.contact(lang)} className={buttonVariants({ size: 'lg' })}>{t('nav.getQuote')}</Link>
                <WhatsAppLink number={site.whatsapp} message={message} className={buttonVariants({ size: 'lg', variant: 'outline' })} data-handoff="service">
                  <MessageCircle aria-hidden="true" />
                  {t('common.chatOnWhatsapp')}
                </WhatsAppLink>
              </div>
              <HoursNote note={note} open={open} className="mt-2 min-h-10 text-slate-600" />
            </div>
            <p className="mt-5 border-t border-slate-100 pt-4 text-xs leading-relaxed text-slate-600">{t('common.governmentFees')}</p>
            <PrintContactLines site={site} />
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * Only on paper: the date it was printed (computed in the browser, never on the server), when
 * the page is printed (`beforeprint`, or the print media query matching, as in a print preview):
 * formatting a date in Dubai's time zone loads the browser's locale and time-zone data, a task of
 * about 100 ms on a throttled phone that every visit to a service page paid at load.
 */
function PrintHeading({ site, lang }: { site: SiteInfo; lang: Lang }) {
  const { t } = useTranslation();
  const [date, setDate] = useState<string | null>(null);
  useEffect(() => {
    let format: Intl.DateTimeFormat | undefined;
    const update = () => {
      // The table's locale and digits (`ar-AE-u-nu-latn`).
      format ??= new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'Asia/Dubai' });
      const today = format.format(new Date());
      // Before the browser lays the page out for print, not on a later frame.
      flushSync(() => setDate(today));
    };
    const print = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
    const onMedia = (event: MediaQueryListEvent) => {
      if (event.matches) update();
    };
    if (print?.matches) update();
    window.addEventListener('beforeprint', update);
    print?.addEventListener('change', onMedia);
    return () => {
      window.removeEventListener('beforeprint', update);
      print?.removeEventListener('change', onMedia);
    };
  }, [lang]);
  return (
    <div className="hidden print:block print:px-4 print:pb-2 print:text-sm" data-print-heading>
      <p className="font-bold">{site.companyName}</p>
      {/* The date is written in the page's own language (its locale and digits): not isolated (i18n/isolate.ts). */}
      {date ? <p>{t('serviceTools.printedOn', { date, isolate: false })}</p> : null}
    </div>
  );
}

/** Only on paper: the company's contact lines under the checklist. */
function PrintContactLines({ site }: { site: SiteInfo }) {
  const strings = useTranslation();
  const { t } = strings;
  return (
    <div className="hidden text-sm print:mt-6 print:block" data-print-contact>
      <p className="font-bold">{t('serviceTools.contactLines')}: {site.companyName}</p>
      <p>
        {t('common.callUs')}: <PhoneNumberLink phone={site.phone} />
      </p>
      <p>
        {t('nav.whatsapp')}: <WhatsAppNumberLink number={site.whatsapp} />
      </p>
      <p>
        {t('common.emailUs')}: <EmailAddressLink email={site.email} />
      </p>
      <p>{site.address}</p>
      <p>
        {t('common.workingHours')}: {t('footer.hours', { days: site.hours.days, opens: formatTime(strings, site.hours.opens), closes: formatTime(strings, site.hours.closes) })}
      </p>
    </div>
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

import * as LucideArrowRight from 'lucide-react/icons/arrow-right';
import * as LucideAward from 'lucide-react/icons/award';
import * as LucideCalendarClock from 'lucide-react/icons/calendar-clock';
import * as LucideClock from 'lucide-react/icons/clock';
import * as LucideMessageCircle from 'lucide-react/icons/message-circle';
import * as LucidePhone from 'lucide-react/icons/phone';
import * as LucideQuote from 'lucide-react/icons/quote';
import * as LucideShieldCheck from 'lucide-react/icons/shield-check';
import * as LucideStar from 'lucide-react/icons/star';
import * as LucideTimer from 'lucide-react/icons/timer';
import { lean } from '@/shared/ui/lean-icon';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { Link } from '@/shared/routing/link';
import { DateText } from '@/shared/date-time';
import type { Lang, PageData, Screen, SiteInfo } from '@/shared/page-data';
import { contactHrefs, noBreak, paths } from '@/shared/paths';
import { buttonVariants } from '@/shared/ui/button';
import { HandoffWhatsAppLink } from '@/shared/handoff/handoff-links';
import { serviceIcon } from './service-icons';
import type { ScreenProps } from './screen-types';

const ArrowRight = lean(LucideArrowRight);
const Award = lean(LucideAward);
const CalendarClock = lean(LucideCalendarClock);
const Clock = lean(LucideClock);
const MessageCircle = lean(LucideMessageCircle);
const Phone = lean(LucidePhone);
const Quote = lean(LucideQuote);
const ShieldCheck = lean(LucideShieldCheck);
const Star = lean(LucideStar);
const Timer = lean(LucideTimer);

type HomeData = Extract<PageData, { kind: 'home' }>;

const VALUE_ICONS = [Award, ShieldCheck, Clock, Timer];

export function HomeScreen({ screen, page, lang, site }: { screen: Screen; page: HomeData; lang: Lang; site: SiteInfo }) {
  const { t } = useTranslation();
  const home = page.home;

  return (
    <>
      {/* Hero */}
      <section className="relative overflow-hidden bg-brand-950 text-white" aria-labelledby="home-title">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(70rem_30rem_at_90%_-10%,rgba(16,163,122,0.5),transparent_70%),radial-gradient(50rem_25rem_at_-10%_110%,rgba(251,191,36,0.14),transparent_70%)]"
        />
        <div className="relative mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:py-20 lg:grid-cols-[1.35fr_1fr] lg:items-center lg:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3.5 py-1.5 text-sm font-semibold text-brand-100">
              <span className="size-2 rounded-full bg-amber-400" aria-hidden="true" />
              {t('home.eyebrow')}
            </p>
            <h1 id="home-title" className="mt-6 text-4xl font-bold leading-[1.2] sm:text-5xl sm:leading-[1.15]">
              {home?.hero.title ?? screen.title}
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-brand-100">{home?.hero.subtitle ?? screen.description}</p>
            <div className="mt-9 flex flex-wrap gap-3">
              <Link to={paths.contact(lang)} className={buttonVariants({ size: 'lg', surface: 'dark' })}>
                {home?.hero.primaryCta ?? t('common.contactUs')}
                <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
              </Link>
              <Link
                to={paths.services(lang)}
                className={buttonVariants({ size: 'lg', variant: 'outline', surface: 'dark' })}
              >
                {home?.hero.secondaryCta ?? t('common.allServices')}
              </Link>
            </div>
          </div>

          <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
            <HeroFact value={<bdi dir="ltr">{t('home.yearsValue')}</bdi>} label={t('home.yearsLabel')} icon={<Award />} />
            <HeroFact value={t('home.hoursValue')} label={t('home.hoursLabel')} icon={<CalendarClock />} />
            <HeroFact value={t('home.servicesCount', { count: site.serviceCount })} label={t('home.servicesCountLabel')} icon={<ShieldCheck />} />
          </dl>
        </div>
      </section>

      {/* Service cards */}
      {home && home.cards.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="home-services">
          <SectionHeading id="home-services" title={t('home.servicesTitle')} lead={t('home.servicesLead')} />
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {home.cards.map((card) => {
              const Icon = serviceIcon(card.icon);
              return (
                <li key={card.link}>
                  <Link
                    to={card.link}
                    data-home-card=""
                    className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
                  >
                    <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100" aria-hidden="true">
                      <Icon className="size-6" />
                    </span>
                    <h3 className="mt-5 text-lg font-bold text-slate-900">{card.title}</h3>
                    <p className="mt-2 flex-1 leading-relaxed text-slate-600">{card.text}</p>
                    <span className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700" aria-hidden="true">
                      {t('home.learnMore')}
                      <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5" />
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {/* Why us */}
      <section className="bg-slate-50" aria-labelledby="home-why">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:py-20 lg:grid-cols-[1fr_1.6fr]">
          <div>
            <SectionHeading id="home-why" title={t('home.whyTitle')} lead={t('home.whyLead')} />
            <div className="mt-8 rounded-2xl border border-brand-200 bg-white p-6">
              <p className="flex items-center gap-2 font-bold text-brand-900">
                <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
                {t('home.notGovernmentTitle')}
              </p>
              <p className="mt-2 leading-relaxed text-slate-700">{t('footer.disclaimer')}</p>
            </div>
          </div>
          {home && home.valuePoints.length > 0 ? (
            <ul className="grid gap-5 sm:grid-cols-2">
              {home.valuePoints.map((point, index) => {
                const Icon = VALUE_ICONS[index % VALUE_ICONS.length]!;
                return (
                  <li key={point.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                    <span className="flex size-11 items-center justify-center rounded-xl bg-brand-700 text-white" aria-hidden="true">
                      <Icon className="size-5" />
                    </span>
                    <h3 className="mt-4 font-bold text-slate-900">{point.title}</h3>
                    <p className="mt-2 leading-relaxed text-slate-600">{point.text}</p>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      </section>

      {/* Testimonials */}
      {page.testimonials.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="home-testimonials">
          <SectionHeading id="home-testimonials" title={t('home.testimonialsTitle')} />
          <ul className="mt-10 grid gap-5 md:grid-cols-2">
            {page.testimonials.map((item) => (
              <li key={item.id}>
                <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <div className="flex items-center justify-between">
                    <p className="flex gap-0.5 text-amber-500" role="img" aria-label={t('common.rating', { rating: item.rating })}>
                      {Array.from({ length: item.rating }, (_, i) => (
                        <Star key={i} className="size-5 fill-current" aria-hidden="true" />
                      ))}
                    </p>
                    <Quote className="size-8 text-brand-100 rtl:-scale-x-100" aria-hidden="true" />
                  </div>
                  <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">{item.content}</blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800" aria-hidden="true">
                      {item.name.charAt(0)}
                    </span>
                    <span>
                      <span className="block font-bold text-slate-900">{item.name}</span>
                      <span className="block text-sm text-slate-600">{item.role}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* Latest posts */}
      {page.latestPosts.length > 0 ? (
        <section className="border-t border-slate-100 bg-slate-50" aria-labelledby="home-posts">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <SectionHeading id="home-posts" title={t('common.latestPosts')} />
            <ul className="mt-8 grid gap-5 md:grid-cols-3">
              {page.latestPosts.map((post) => (
                <li key={post.slug}>
                  <Link
                    to={paths.blogPost(lang, post.slug)}
                    className="block h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-500"
                  >
                    <p className="text-sm text-slate-600"><DateText date={post.date} display={post.dateDisplay} /></p>
                    <h3 className="mt-2 font-bold leading-snug text-slate-900">{post.title}</h3>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {/* Call to action */}
      <section className="px-4 py-16 sm:py-20" aria-labelledby="home-cta">
        <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-950 px-6 py-12 text-white shadow-xl sm:px-12">
          <div aria-hidden="true" className="pointer-events-none absolute -end-16 -top-16 size-64 rounded-full bg-white/5" />
          <div className="relative">
            <div>
              <h2 id="home-cta" className="text-2xl font-bold leading-snug sm:text-3xl">{t('home.ctaTitle')}</h2>
              <p className="mt-3 max-w-2xl leading-relaxed text-brand-100">{t('home.ctaText')}</p>
            </div>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={paths.contact(lang)} className={buttonVariants({ size: 'lg', surface: 'dark' })}>
                {t('nav.getQuote')}
              </Link>
              <HandoffWhatsAppLink number={site.whatsapp} className={buttonVariants({ size: 'lg', variant: 'outline', surface: 'dark' })}>
                <MessageCircle aria-hidden="true" />
                {t('common.chatOnWhatsapp')}
              </HandoffWhatsAppLink>
              <a
                href={contactHrefs.tel(site.phone)}
                className={buttonVariants({ size: 'lg', variant: 'outline', surface: 'dark' })}
              >
                <Phone aria-hidden="true" />
                {noBreak(t('common.callNow'))}
              </a>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

function HeroFact({ value, label, icon }: { value: ReactNode; label: string; icon: ReactNode }) {
  return (
    <div className="relative flex min-h-[5.5rem] flex-col-reverse justify-center rounded-2xl border border-white/10 bg-white/[0.06] py-4 pe-5 ps-[5.25rem] backdrop-blur-sm">
      <dt className="text-sm text-brand-100">{label}</dt>
      <dd className="text-2xl font-bold text-white">
        <span
          className="absolute start-5 top-1/2 flex size-12 -translate-y-1/2 items-center justify-center rounded-xl bg-brand-500/20 text-amber-300 [&_svg]:size-6"
          aria-hidden="true"
        >
          {icon}
        </span>
        {value}
      </dd>
    </div>
  );
}

export function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-3xl font-bold leading-tight text-slate-900">{title}</h2>
      {lead ? <p className="mt-3 text-lg leading-relaxed text-slate-600">{lead}</p> : null}
    </div>
  );
}

/** The home route: `/<lang>/` and `/<lang>/home/`. */
export function HomeRoute({ data, lang }: ScreenProps) {
  return data.page.kind === 'home' ? <HomeScreen screen={data.screen} page={data.page} lang={lang} site={data.site} /> : null;
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Lang, PageData } from '@/shared/page-data';
import { paths } from '@/shared/paths';

type HomeData = Extract<PageData, { kind: 'home' }>;

export function HomeScreen({ page, lang }: { page: HomeData; lang: Lang }) {
  const { t } = useTranslation();
  const home = page.home;
  return (
    <>
      <section className="bg-gradient-to-b from-emerald-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-bold leading-tight text-slate-900 sm:text-5xl">
            {home?.hero.title ?? t('meta.home.title')}
          </h1>
          {home ? <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-700">{home.hero.subtitle}</p> : null}
          {home ? (
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={paths.contact(lang)} className="rounded-md bg-emerald-700 px-5 py-3 font-semibold text-white hover:bg-emerald-800">
                {home.hero.primaryCta}
              </Link>
              <Link to={paths.services(lang)} className="rounded-md border border-emerald-700 px-5 py-3 font-semibold text-emerald-800 hover:bg-emerald-50">
                {home.hero.secondaryCta}
              </Link>
            </div>
          ) : null}
        </div>
      </section>

      {home && home.cards.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="home-services">
          <h2 id="home-services" className="text-2xl font-bold text-slate-900">{t('nav.services')}</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {home.cards.map((card) => (
              <li key={card.link}>
                <Link to={card.link} className="block h-full rounded-xl border border-slate-200 p-6 shadow-sm transition hover:border-emerald-600 hover:shadow">
                  <h3 className="text-lg font-semibold text-slate-900">{card.title}</h3>
                  <p className="mt-2 text-slate-700">{card.text}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {home && home.valuePoints.length > 0 ? (
        <section className="bg-slate-50" aria-labelledby="home-why">
          <div className="mx-auto max-w-6xl px-4 py-12">
            <h2 id="home-why" className="text-2xl font-bold text-slate-900">{t('common.whyUs')}</h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {home.valuePoints.map((point) => (
                <li key={point.title}>
                  <h3 className="font-semibold text-emerald-900">{point.title}</h3>
                  <p className="mt-2 text-slate-700">{point.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {page.testimonials.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="home-testimonials">
          <h2 id="home-testimonials" className="text-2xl font-bold text-slate-900">{t('common.testimonials')}</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {page.testimonials.map((item) => (
              <li key={item.id} className="rounded-xl border border-slate-200 p-6">
                <p className="text-amber-700" aria-label={t('common.rating', { rating: item.rating })}>
                  <span aria-hidden="true">{'★'.repeat(item.rating)}</span>
                </p>
                <blockquote className="mt-3 text-slate-800">{item.content}</blockquote>
                <p className="mt-4 text-sm font-semibold text-slate-900">{item.name}</p>
                <p className="text-sm text-slate-600">{item.role}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {page.latestPosts.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="home-posts">
          <h2 id="home-posts" className="text-2xl font-bold text-slate-900">{t('common.latestPosts')}</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {page.latestPosts.map((post) => (
              <li key={post.slug}>
                <Link to={paths.blogPost(lang, post.slug)} className="block h-full rounded-xl border border-slate-200 p-6 hover:border-emerald-600">
                  <h3 className="font-semibold text-slate-900">{post.title}</h3>
                  <p className="mt-2 text-sm text-slate-600"><time dateTime={post.date}>{post.dateDisplay}</time></p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

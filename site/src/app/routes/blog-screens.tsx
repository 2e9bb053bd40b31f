import * as LucideArrowLeft from 'lucide-react/icons/arrow-left';
import * as LucideArrowRight from 'lucide-react/icons/arrow-right';
import * as LucideCalendarDays from 'lucide-react/icons/calendar-days';
import * as LucideUserRound from 'lucide-react/icons/user-round';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { Link } from '@/shared/routing/link';
import { DateText } from '@/shared/date-time';
import type { BlogPost, Lang, Pagination, PostSummary, Screen } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { buttonVariants } from '@/shared/ui/button';
import { CARD_SIZES, COLUMN_SIZES, Photo } from '@/shared/ui/photo';
import { PageTitle } from './page-title';
import { POST_BODY_ID } from '@/shared/page-data/inline';
import { RichText } from './rich-text';
import type { ScreenProps } from './screen-types';

const ArrowLeft = lean(LucideArrowLeft);
const ArrowRight = lean(LucideArrowRight);
const CalendarDays = lean(LucideCalendarDays);
const UserRound = lean(LucideUserRound);

/** A page of the blog list; pages after the first carry their place in their title (`screen`). */
export function BlogScreen({ screen, posts, pagination, lang }: { screen: Screen; posts: PostSummary[]; pagination: Pagination; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle screen={screen} />
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-14 md:grid-cols-2">
        {posts.map((post) => (
          <li key={post.slug}>
            <article className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition hover:border-brand-500 hover:shadow-md">
              {post.image && <Photo photo={post.image} sizes={CARD_SIZES} className="-mx-7 -mt-7 mb-6 aspect-[3/2] w-[calc(100%+3.5rem)] max-w-none rounded-t-2xl object-cover" />}
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <CalendarDays className="size-4 text-brand-700" aria-hidden="true" />
                <DateText date={post.date} display={post.dateDisplay} />
                {post.draft && <DraftMark />}
              </p>
              <h2 className="mt-3 text-xl font-bold leading-snug text-slate-900">
                <Link to={paths.blogPost(lang, post.slug)} className="rounded hover:text-brand-800">{post.title}</Link>
              </h2>
              <p className="mt-3 flex-1 leading-relaxed text-slate-600">{post.excerpt}</p>
              <Link
                to={paths.blogPost(lang, post.slug)}
                className="mt-5 inline-flex items-center gap-1.5 self-start rounded font-semibold text-brand-700 hover:underline"
                aria-hidden="true"
                tabIndex={-1}
              >
                {t('common.readArticle')}
                <ArrowRight className="size-4 rtl:-scale-x-100" />
              </Link>
            </article>
          </li>
        ))}
      </ul>
      <BlogPager pagination={pagination} />
    </>
  );
}

/** A draft's mark: `sahel serve` shows drafts, which `sahel build` never publishes. */
function DraftMark() {
  const { t } = useTranslation();
  return <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">{t('common.draft')}</span>;
}

/** Newer and older pages of the blog list (none when everything fits on one page). */
function BlogPager({ pagination: { label, prev, next } }: { pagination: Pagination }) {
  const { t } = useTranslation();
  if (prev === null && next === null) return null;
  const link = buttonVariants({ variant: 'outline', size: 'lg' });
  return (
    <nav aria-label={t('common.blogPages')} className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 pb-14">
      {prev ? (
        <Link to={prev} rel="prev" className={link}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
          {t('common.newerPosts')}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        {label}
      </p>
      {next ? (
        <Link to={next} rel="next" className={link}>
          {t('common.olderPosts')}
          <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function BlogPostScreen({ screen, post, lang }: { screen: Screen; post: BlogPost; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <article>
      <PageTitle screen={screen}>
        <p className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-brand-100">
          <span className="inline-flex items-center gap-2">
            <UserRound className="size-4" aria-hidden="true" />
            {t('common.by', { author: post.author })}
          </span>
          <span className="inline-flex items-center gap-2">
            <CalendarDays className="size-4" aria-hidden="true" />
            <DateText date={post.date} display={post.dateDisplay} />
          </span>
          {post.draft && <DraftMark />}
        </p>
      </PageTitle>
      <div className="mx-auto max-w-3xl px-4 py-14">
        {post.image && <Photo photo={post.image} sizes={COLUMN_SIZES} priority className="mb-10 w-full rounded-2xl" />}
        <RichText id={POST_BODY_ID} html={post.html} />
        <div className="mt-12 border-t border-slate-200 pt-8">
          <Link to={paths.blog(lang)} className="inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:underline">
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('common.backToBlog')}
          </Link>
        </div>
      </div>
    </article>
  );
}

export function BlogRoute({ data, lang }: ScreenProps) {
  return data.page.kind === 'blog' ? <BlogScreen screen={data.screen} posts={data.page.posts} pagination={data.page.pagination} lang={lang} /> : null;
}

export function BlogPostRoute({ data, lang }: ScreenProps) {
  return data.page.kind === 'blogPost' ? <BlogPostScreen screen={data.screen} post={data.page.post} lang={lang} /> : null;
}

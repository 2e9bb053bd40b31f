import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { BlogPost, Lang, PostSummary } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { PageTitle } from './page-title';
import { RichText } from './rich-text';

export function BlogScreen({ posts, lang }: { posts: PostSummary[]; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('meta.blog.title')} lead={t('meta.blog.description')} />
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-2">
        {posts.map((post) => (
          <li key={post.slug} className="rounded-xl border border-slate-200 p-6">
            <h2 className="text-xl font-semibold text-slate-900">
              <Link to={paths.blogPost(lang, post.slug)} className="hover:underline">{post.title}</Link>
            </h2>
            <p className="mt-1 text-sm text-slate-600"><time dateTime={post.date}>{post.dateDisplay}</time></p>
            <p className="mt-3 text-slate-700">{post.excerpt}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

export function BlogPostScreen({ post, lang }: { post: BlogPost; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <article>
      <PageTitle title={post.title} lead={post.excerpt}>
        <p className="mt-4 text-sm text-slate-600">
          {t('common.by', { author: post.author })} · <time dateTime={post.date}>{post.dateDisplay}</time>
        </p>
      </PageTitle>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <RichText html={post.html} />
        <Link to={paths.blog(lang)} className="mt-10 inline-block font-semibold text-emerald-800 hover:underline">{t('common.backToBlog')}</Link>
      </div>
    </article>
  );
}

export function ArticleNotFound({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('common.articleNotFound')}</h1>
      <p className="mt-4 text-slate-700">{t('common.articleNotFoundText')}</p>
      <Link to={paths.blog(lang)} className="mt-8 inline-block rounded-md bg-emerald-700 px-5 py-3 font-semibold text-white hover:bg-emerald-800">
        {t('common.backToBlog')}
      </Link>
    </div>
  );
}

import * as LucideArrowLeft from 'lucide-react/icons/arrow-left';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { Link } from '@/shared/routing/link';
import type { Lang } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { buttonVariants } from '@/shared/ui/button';

const ArrowLeft = lean(LucideArrowLeft);

/** An unknown blog post: "Article Not Found" with a button back to the blog. */
export function ArticleNotFound({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('common.articleNotFound')}</h1>
      <p className="mt-4 text-slate-700">{t('common.articleNotFoundText')}</p>
      <Link to={paths.blog(lang)} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
        {t('common.backToBlog')}
      </Link>
    </div>
  );
}

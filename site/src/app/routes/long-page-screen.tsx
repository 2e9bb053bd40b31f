import { useTranslation } from '@/i18n';
import type { Lang, LongPage } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { PageTitle } from './page-title';
import { RichText } from './rich-text';
import type { ScreenProps } from './screen-types';

/** About, privacy and terms. */
export function LongPageScreen({ page, fallbackTitle, lang }: { page: LongPage | null; fallbackTitle: string; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={page?.title ?? fallbackTitle} lead={page?.description} crumbs={[{ label: t('nav.home'), to: paths.home(lang) }]} />
      {page ? (
        <div className="mx-auto max-w-3xl px-4 py-14">
          <RichText html={page.html} />
        </div>
      ) : null}
    </>
  );
}

export function AboutRoute({ data, lang }: ScreenProps) {
  const { t } = useTranslation();
  return data.page.kind === 'about' ? <LongPageScreen page={data.page.page} fallbackTitle={t('meta.about.title')} lang={lang} /> : null;
}

export function PrivacyRoute({ data, lang }: ScreenProps) {
  const { t } = useTranslation();
  return data.page.kind === 'privacy' ? <LongPageScreen page={data.page.page} fallbackTitle={t('meta.privacy.title')} lang={lang} /> : null;
}

export function TermsRoute({ data, lang }: ScreenProps) {
  const { t } = useTranslation();
  return data.page.kind === 'terms' ? <LongPageScreen page={data.page.page} fallbackTitle={t('meta.terms.title')} lang={lang} /> : null;
}

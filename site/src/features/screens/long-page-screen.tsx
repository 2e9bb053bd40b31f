import type { LongPage } from '@/shared/page-data';
import { PageTitle } from './page-title';
import { RichText } from './rich-text';

/** About, privacy and terms. */
export function LongPageScreen({ page, fallbackTitle }: { page: LongPage | null; fallbackTitle: string }) {
  return (
    <>
      <PageTitle title={page?.title ?? fallbackTitle} lead={page?.description} />
      {page ? (
        <div className="mx-auto max-w-3xl px-4 py-10">
          <RichText html={page.html} />
        </div>
      ) : null}
    </>
  );
}

import type { LongPage, Screen } from '@/shared/page-data';
import { PageTitle } from './page-title';
import { RichText } from './rich-text';
import type { ScreenProps } from './screen-types';

/** About, privacy and terms: the title band has the page's title, or the screen's without one. */
export function LongPageScreen({ screen, page }: { screen: Screen; page: LongPage | null }) {
  return (
    <>
      <PageTitle screen={screen} />
      {page ? (
        <div className="mx-auto max-w-3xl px-4 py-14">
          <RichText html={page.html} />
        </div>
      ) : null}
    </>
  );
}

export function AboutRoute({ data }: ScreenProps) {
  return data.page.kind === 'about' ? <LongPageScreen screen={data.screen} page={data.page.page} /> : null;
}

export function PrivacyRoute({ data }: ScreenProps) {
  return data.page.kind === 'privacy' ? <LongPageScreen screen={data.screen} page={data.page.page} /> : null;
}

export function TermsRoute({ data }: ScreenProps) {
  return data.page.kind === 'terms' ? <LongPageScreen screen={data.screen} page={data.page.page} /> : null;
}

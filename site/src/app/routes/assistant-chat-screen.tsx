import { AssistantChat } from '@/features/assistant/assistant-chat';
import type { Lang, Screen, SiteInfo } from '@/shared/page-data';
import { PageTitle } from './page-title';
import type { ScreenProps } from './screen-types';

/** The assistant's page: its title band and the conversation. */
export function AssistantChatScreen({ screen, lang, site }: { screen: Screen; lang: Lang; site: SiteInfo }) {
  return (
    <>
      <PageTitle screen={screen} />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <AssistantChat lang={lang} site={site} />
      </div>
    </>
  );
}

export function AssistantChatRoute({ data, lang }: ScreenProps) {
  return <AssistantChatScreen screen={data.screen} lang={lang} site={data.site} />;
}

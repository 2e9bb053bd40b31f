import { AssistantChat } from '@/features/assistant/assistant-chat';
import { useTranslation } from '@/i18n';
import type { Lang, SiteInfo } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { PageTitle } from './page-title';
import type { ScreenProps } from './screen-types';

/** The assistant's page: its title band and the conversation. */
export function AssistantChatScreen({ lang, site }: { lang: Lang; site: SiteInfo }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle
        title={t('meta.assistantChat.title')}
        lead={t('meta.assistantChat.description')}
        crumbs={[{ label: t('nav.home'), to: paths.home(lang) }]}
      />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <AssistantChat lang={lang} site={site} />
      </div>
    </>
  );
}

export function AssistantChatRoute({ data, lang }: ScreenProps) {
  return <AssistantChatScreen lang={lang} site={data.site} />;
}

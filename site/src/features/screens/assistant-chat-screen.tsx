import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/** The assistant's page and layout; the answering logic comes with the assistant issue. */
export function AssistantChatScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('meta.assistantChat.title')} lead={t('meta.assistantChat.description')} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <div className="rounded-2xl border border-slate-200 p-4">
          <ol aria-live="polite" className="min-h-48 space-y-3">
            <li className="w-fit max-w-[85%] rounded-2xl bg-emerald-50 px-4 py-3 text-slate-900">{t('chatbot.greeting')}</li>
          </ol>
          <form className="mt-4 flex gap-2" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="assistant-input" className="sr-only">{t('chatbot.placeholder')}</label>
            <textarea id="assistant-input" rows={2} placeholder={t('chatbot.placeholder')} className="flex-1 rounded-md border border-slate-400 px-3 py-2" />
            <button type="submit" className="rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white">{t('chatbot.send')}</button>
          </form>
        </div>
      </div>
    </>
  );
}

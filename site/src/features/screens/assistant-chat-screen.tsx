import { BotMessageSquare, Info, SendHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { Button } from '@/shared/ui/button';
import { PageTitle } from './page-title';
import type { ScreenProps } from './screen-types';

/** The assistant's page and layout; the answering logic comes with the assistant issue. */
export function AssistantChatScreen({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle
        title={t('meta.assistantChat.title')}
        lead={t('meta.assistantChat.description')}
        crumbs={[{ label: t('nav.home'), to: paths.home(lang) }]}
      />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <section aria-labelledby="assistant-title" className="overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-slate-200">
          <div className="flex items-center gap-3 border-b border-slate-100 bg-slate-50 px-5 py-4">
            <span className="flex size-11 items-center justify-center rounded-full bg-brand-950 text-white" aria-hidden="true">
              <BotMessageSquare className="size-6" />
            </span>
            <div>
              <h2 id="assistant-title" className="font-bold text-slate-900">{t('chatbot.title')}</h2>
              <p className="text-sm text-slate-600">{t('chatbot.status')}</p>
            </div>
          </div>
          <div role="log" aria-label={t('chatbot.messagesLabel')} aria-live="polite" className="min-h-72 px-5 py-6 sm:min-h-96">
            <ol className="space-y-4">
              <li className="flex items-end gap-2.5">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800" aria-hidden="true">
                  <BotMessageSquare className="size-4" />
                </span>
                <p className="max-w-[85%] rounded-2xl rounded-es-sm bg-brand-50 px-4 py-3 leading-relaxed text-slate-900">{t('chatbot.greeting')}</p>
              </li>
            </ol>
          </div>
          <form className="flex items-end gap-2 border-t border-slate-100 p-4" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="assistant-input" className="sr-only">{t('chatbot.placeholder')}</label>
            <textarea
              id="assistant-input"
              rows={2}
              placeholder={t('chatbot.placeholder')}
              className="min-h-12 flex-1 resize-none rounded-xl border border-slate-400 px-3.5 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/50"
            />
            <Button type="submit" size="icon" className="size-12 rounded-xl" aria-label={t('chatbot.send')}>
              <SendHorizontal className="rtl:-scale-x-100" aria-hidden="true" />
            </Button>
          </form>
        </section>
        <p className="mt-4 flex items-start gap-2 text-sm leading-relaxed text-slate-600">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('chatbot.disclaimer')}
        </p>
      </div>
    </>
  );
}

export function AssistantChatRoute({ lang }: ScreenProps) {
  return <AssistantChatScreen lang={lang} />;
}

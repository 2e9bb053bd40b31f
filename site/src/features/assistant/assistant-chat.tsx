import './strings';
import { startTransition, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import * as LucideBotMessageSquare from 'lucide-react/icons/bot-message-square';
import * as LucideInfo from 'lucide-react/icons/info';
import * as LucideMessageCircle from 'lucide-react/icons/message-circle';
import * as LucideRotateCcw from 'lucide-react/icons/rotate-ccw';
import * as LucideSendHorizontal from 'lucide-react/icons/send-horizontal';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { Link } from '@/shared/routing/link';
import type { Lang, SiteInfo } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { Button } from '@/shared/ui/button';
import { HandoffWhatsAppLink } from '@/shared/handoff/handoff-links';
import type { ChatMessage } from './conversation';
import { AssistantMarkdown } from './markdown';
import { useAssistant } from './use-assistant';

const BotMessageSquare = lean(LucideBotMessageSquare);
const Info = lean(LucideInfo);
const MessageCircle = lean(LucideMessageCircle);
const RotateCcw = lean(LucideRotateCcw);
const SendHorizontal = lean(LucideSendHorizontal);

const SUGGESTIONS = ['formation', 'familyVisa', 'packages', 'hours'] as const;

function BotAvatar() {
  return (
    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800" aria-hidden="true">
      <BotMessageSquare className="size-4" />
    </span>
  );
}

const BOT_BUBBLE = 'min-w-0 max-w-[85%] rounded-2xl rounded-es-sm px-4 py-3 leading-relaxed text-slate-900 [overflow-wrap:anywhere]';

/** Three dots while an answer is on its way (its text is for screen readers). */
function Typing() {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-1 py-1.5">
      {/* Delays as classes, not `style`: the Content-Security-Policy allows no inline style. */}
      {['[animation-delay:0ms]', '[animation-delay:150ms]', '[animation-delay:300ms]'].map((delay) => (
        <span key={delay} className={`size-2 rounded-full bg-brand-600 motion-safe:animate-pulse ${delay}`} aria-hidden="true" />
      ))}
      <span className="sr-only">{t('chatbot.typing')}</span>
    </span>
  );
}

function Message({
  lang,
  message,
  onRetry,
  retryDisabled,
  whatsapp,
  question,
}: {
  lang: Lang;
  message: ChatMessage;
  /** The visitor's question this message answers (the handoff's message names it). */
  question?: string;
  onRetry: () => void;
  retryDisabled: boolean;
  /** The company's WhatsApp number, whose chat is offered when the built-in answerer found nothing. */
  whatsapp: string | null;
}) {
  const { t } = useTranslation();
  if (message.role === 'user') {
    return (
      <li className="flex justify-end">
        <p className="min-w-0 max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-ee-sm bg-brand-700 px-4 py-3 leading-relaxed text-white [overflow-wrap:anywhere]">
          <span className="sr-only">{t('chatbot.you')}: </span>
          {message.content}
        </p>
      </li>
    );
  }
  const label = <span className="sr-only">{t('chatbot.assistantLabel')}: </span>;
  if (message.status === 'error') {
    return (
      <li className="flex items-end gap-2.5">
        <BotAvatar />
        <div className={`${BOT_BUBBLE} bg-red-50 ring-1 ring-red-200`}>
          <p>
            {label}
            {t('chatbot.error')}
          </p>
          <Button variant="outline" size="sm" className="mt-3 h-11" onClick={onRetry} disabled={retryDisabled}>
            <RotateCcw className="rtl:-scale-x-100" aria-hidden="true" />
            {t('chatbot.retry')}
          </Button>
        </div>
      </li>
    );
  }
  return (
    <li className="flex items-end gap-2.5">
      <BotAvatar />
      <div className={`${BOT_BUBBLE} bg-brand-50`}>
        {label}
        {message.status === 'streaming' && !message.content ? <Typing /> : <AssistantMarkdown text={message.content} />}
        {(message.status === 'noMatch' || message.status === 'tentative') && (
          // The refusal's offer, and a tentative reply's: an agent on WhatsApp (this is the
          // assistant's only wa.me link) and the contact page.
          <div className="mt-3 flex flex-wrap gap-2">
            {whatsapp && (
              <HandoffWhatsAppLink
                number={whatsapp}
                extra={{ question }}
                className="inline-flex min-h-11 items-center gap-2 rounded-full bg-[#0f7a5f] px-4 py-2 text-sm font-semibold text-white hover:bg-[#0c6650]"
              >
                <MessageCircle className="size-4" aria-hidden="true" />
                {t('chatbot.agentLink')}
              </HandoffWhatsAppLink>
            )}
            <Link
              to={paths.contact(lang)}
              className="inline-flex min-h-11 items-center rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
            >
              {t('chatbot.contactLink')}
            </Link>
          </div>
        )}
        {message.sources && message.sources.length > 0 && (
          <div className="mt-3">
            <p className="text-sm font-semibold text-slate-700">{t('chatbot.sources')}</p>
            <ul className="mt-1.5 flex flex-wrap gap-2">
              {message.sources.map((source) => (
                <li key={source.url}>
                  <Link
                    to={source.url}
                    className="inline-flex min-h-11 items-center rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
                  >
                    {source.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * The conversation with the assistant (the built-in answerer or the configured function): the
 * messages, the suggested questions, the input and the disclaimer under them.
 */
export function AssistantChat({ lang, site }: { lang: Lang; site: SiteInfo }) {
  const { t } = useTranslation();
  const { messages, pending, ask, retry, clear } = useAssistant({ lang, site });
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Scroll to the newest message only after the visitor asked something (not on a restore).
  const follow = useRef(false);

  useEffect(() => {
    if (follow.current) form.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages]);

  const send = (question: string) => {
    input.current?.focus(); // focus stays in (or returns to) the input after sending
    if (!question.trim() || pending) return;
    follow.current = true;
    // The question joins the conversation in a transition: the tap's frame paints at once (the
    // field emptied), and the list's render does not hold it (issue 52: sending took 150-230 ms
    // to the next paint at 4× slowdown).
    startTransition(() => ask(question));
    setDraft('');
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition does neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send(draft);
  };
  const lastPending = messages.at(-1)?.status === 'streaming';

  return (
    <>
      <section aria-labelledby="assistant-title" className="overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-slate-200">
        <div className="flex items-center gap-3 border-b border-slate-100 bg-slate-50 px-5 py-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-950 text-white" aria-hidden="true">
            <BotMessageSquare className="size-6" />
          </span>
          <div className="min-w-0">
            <h2 id="assistant-title" className="font-bold text-slate-900">{t('chatbot.title')}</h2>
            <p className="text-sm text-slate-600">{t('chatbot.status')}</p>
          </div>
          {messages.length > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="-me-2 ms-auto h-11 min-w-11"
              onClick={() => {
                follow.current = false;
                clear();
                input.current?.focus();
              }}
            >
              <RotateCcw aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t('chatbot.newChat')}</span>
            </Button>
          )}
        </div>
        <div className="min-h-72 px-5 py-6 sm:min-h-96">
          <div role="log" aria-label={t('chatbot.messagesLabel')} aria-live="polite" aria-busy={pending}>
            <ol className="space-y-4">
              <li className="flex items-end gap-2.5">
                <BotAvatar />
                <p className={`${BOT_BUBBLE} bg-brand-50`}>{t('chatbot.greeting')}</p>
              </li>
              {messages.map((message, index) => (
                <Message
                  key={message.id}
                  lang={lang}
                  message={message}
                  question={messages[index - 1]?.role === 'user' ? messages[index - 1]?.content : undefined}
                  retryDisabled={pending}
                  whatsapp={site.whatsapp.replace(/\D/g, '') ? site.whatsapp : null}
                  onRetry={() => {
                    follow.current = true;
                    retry(message.id);
                    input.current?.focus();
                  }}
                />
              ))}
              {pending && !lastPending && (
                <li className="flex items-end gap-2.5">
                  <BotAvatar />
                  <div className={`${BOT_BUBBLE} bg-brand-50`}>
                    <Typing />
                  </div>
                </li>
              )}
            </ol>
          </div>
          {messages.length === 0 && (
            <div role="group" aria-labelledby="assistant-suggestions" className="mt-5 ps-10.5">
              <p id="assistant-suggestions" className="text-sm font-semibold text-slate-600">{t('chatbot.suggestionsLabel')}</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {SUGGESTIONS.map((key) => (
                  <li key={key}>
                    <button
                      type="button"
                      onClick={() => send(t(`chatbot.suggestions.${key}`))}
                      className="min-h-11 rounded-full border border-brand-200 bg-white px-4 py-2 text-start text-sm font-semibold text-brand-800 transition-colors hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                    >
                      {t(`chatbot.suggestions.${key}`)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <form ref={form} className="flex items-end gap-2 border-t border-slate-100 p-4" onSubmit={onSubmit}>
          <label htmlFor="assistant-input" className="sr-only">{t('chatbot.placeholder')}</label>
          <textarea
            ref={input}
            id="assistant-input"
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('chatbot.placeholder')}
            aria-describedby="assistant-input-hint"
            maxLength={2000}
            className="min-h-12 min-w-0 flex-1 resize-none rounded-xl border border-slate-400 px-3.5 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/50"
          />
          <span id="assistant-input-hint" className="sr-only">{t('chatbot.inputHint')}</span>
          <Button type="submit" size="icon" className="size-12 rounded-xl" aria-label={t('chatbot.send')} disabled={pending}>
            <SendHorizontal className="rtl:-scale-x-100" aria-hidden="true" />
          </Button>
        </form>
      </section>
      <p className="mt-4 flex items-start gap-2 text-sm leading-relaxed text-slate-600">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('chatbot.disclaimer')}
      </p>
    </>
  );
}

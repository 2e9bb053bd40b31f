// The assistant's conversation: asks the configured backend function (with the best local
// passages as context) or, by default, the built-in answerer; keeps the conversation in
// sessionStorage per language. Nothing here runs during render on the server: storage and
// the index are read in effects and event handlers only. The answering code is a chunk of its
// own (`answering.ts`), loaded with the index once the browser is idle after the screen mounts
// (or by the first question, if that comes sooner).
import '@/features/assistant/strings';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import type { Lang, SiteInfo } from '@/shared/page-data';
import { type ChatMessage, loadConversation, messageId, saveConversation } from './conversation';
import type { FunctionMessage } from './function-client';
import { afterPaint, whenIdle } from '@/shared/idle';
import { loadOnce } from '@/shared/load-once';

/** The answering code (loaded once; a failed load is tried again on the next call). */
const loadAnswering = loadOnce(() => import('./answering'));

/** How many earlier messages go to the function with a question. */
const HISTORY_SENT = 20;
/** How many local passages go to the function as context. */
const CONTEXT_PASSAGES = 5;

export interface AssistantState {
  /** The conversation (empty until the stored one is read after hydration). */
  messages: ChatMessage[];
  /** An answer is on its way. */
  pending: boolean;
  /** Asks a question (ignored while an answer is pending or when blank). */
  ask: (question: string) => void;
  /** Asks again the question of a failed answer (the answer's id). */
  retry: (answerId: string) => void;
  /** Starts a new conversation. */
  clear: () => void;
}

interface Conversation {
  /** The language the messages belong to; null until the stored conversation is read. */
  lang: Lang | null;
  messages: ChatMessage[];
}

/** What the function is sent: questions and complete answers, the newest HISTORY_SENT. */
function functionMessages(history: ChatMessage[]): FunctionMessage[] {
  return history
    .filter((m) => m.role === 'user' || (m.status !== 'error' && m.content.trim() !== ''))
    .slice(-HISTORY_SENT)
    .map(({ role, content }) => ({ role, content }));
}

export function useAssistant({ lang, site }: { lang: Lang; site: SiteInfo }): AssistantState {
  const { t } = useTranslation();
  const [conversation, setConversation] = useState<Conversation>({ lang: null, messages: [] });
  const [pending, setPending] = useState(false);
  const request = useRef<AbortController | null>(null);

  // Read the language's stored conversation after hydration (the server rendered none), and,
  // once the browser is idle (not in hydration's commit), fetch the answering code and the
  // content index so the first answer comes quickly.
  useEffect(() => {
    setConversation({ lang, messages: loadConversation(lang) });
    // A failure is reported when a question needs it.
    const cancel = whenIdle(() => {
      loadAnswering()
        .then(({ loadArabizi, loadLearned, loadSearchIndex }) =>
          // The learned layer reads its examples as questions are read: Arabizi's reading first.
          Promise.all([loadSearchIndex(lang), loadArabizi()]).then(([search]) => loadLearned(lang, search)),
        )
        .catch(() => {});
    });
    return () => {
      cancel();
      request.current?.abort();
      request.current = null;
      setPending(false);
    };
  }, [lang]);

  useEffect(() => {
    if (conversation.lang) saveConversation(conversation.lang, conversation.messages);
  }, [conversation]);

  /** Changes the messages of `forLang`'s conversation (a no-op once the language changed). */
  const update = useCallback((forLang: Lang, change: (messages: ChatMessage[]) => ChatMessage[]) => {
    setConversation((c) => (c.lang === forLang ? { lang: forLang, messages: change(c.messages) } : c));
  }, []);

  /** Answers the last message of `history` (a question) and puts the answer in the conversation. */
  const answer = useCallback(
    async (forLang: Lang, history: ChatMessage[]) => {
      const question = history[history.length - 1]!.content;
      const id = messageId();
      const controller = new AbortController();
      /** Adds or replaces this answer (not after a cancel: the conversation may be gone). */
      const put = (message: Omit<ChatMessage, 'id' | 'role'>) => {
        if (controller.signal.aborted) return;
        update(forLang, (messages) => {
          const next: ChatMessage = { id, role: 'assistant', ...message };
          return messages.some((m) => m.id === id) ? messages.map((m) => (m.id === id ? next : m)) : [...messages, next];
        });
      };
      request.current = controller;
      setPending(true);
      try {
        // The code and the index are usually loaded by now, and the ranking (50 ms at 4× CPU
        // slowdown) would then run in the tap's own task: the tap's frame paints first.
        await afterPaint();
        const { answerMarkdown, answerQuestion, askAssistantFunction, assistantBackend, loadArabizi, loadLearned, loadSearchIndex, searchPassages } =
          await loadAnswering();
        const backend = assistantBackend(site);
        if (backend) {
          // The local passages are context only: without them the function still answers.
          const search = await loadSearchIndex(forLang).catch(() => null);
          const context = search
            ? searchPassages(search, question, CONTEXT_PASSAGES).map(({ passage: { id: pid, title, text, url } }) => ({ id: pid, title, text, url }))
            : [];
          put({ content: '', status: 'streaming' });
          const text = await askAssistantFunction(
            backend,
            { messages: functionMessages(history), language: forLang, context },
            { signal: controller.signal, onText: (soFar) => put({ content: soFar, status: 'streaming' }) },
          );
          put({ content: text });
        } else {
          // Arabizi's reading is its own chunk; a question is answered without it if it fails.
          const [search, arabizi] = await Promise.all([loadSearchIndex(forLang), loadArabizi().catch(() => null)]);
          // The learned layer (issue 54) too; without it (no examples for the language, a failed
          // load, or no Arabizi reading, which it would learn its examples without for good),
          // the ranking alone answers.
          const learned = arabizi ? await loadLearned(forLang, search).catch(() => null) : null;
          const local = answerQuestion(search, question, learned);
          // A passage that holds only some of the question's words is offered as the nearest
          // thing the site says, with the question back, never as the answer.
          if (local?.confident) put({ content: answerMarkdown(local.passage), sources: local.sources });
          else if (local) put({ content: `${t('chatbot.tentative')}\n\n${answerMarkdown(local.passage)}`, sources: local.sources, status: 'tentative' });
          // The screen offers the WhatsApp chat as a button under this reply.
          else put({ content: t('chatbot.noMatch'), status: 'noMatch' });
        }
      } catch {
        // Left the page or changed language: the stored turn is offered for a retry on return.
        if (controller.signal.aborted) return;
        put({ content: t('chatbot.error'), status: 'error' });
      } finally {
        if (request.current === controller) {
          request.current = null;
          setPending(false);
        }
      }
    },
    [site, t, update],
  );

  const ask = useCallback(
    (text: string) => {
      const question = text.trim();
      // `request` too: a question sent in a transition has set it before `pending` renders.
      if (!question || pending || request.current || conversation.lang !== lang) return;
      const message: ChatMessage = { id: messageId(), role: 'user', content: question };
      update(lang, (messages) => [...messages, message]);
      void answer(lang, [...conversation.messages, message]);
    },
    [answer, conversation, lang, pending, update],
  );

  const retry = useCallback(
    (answerId: string) => {
      const at = conversation.messages.findIndex((m) => m.id === answerId);
      if (pending || at < 1 || conversation.lang !== lang || conversation.messages[at - 1]!.role !== 'user') return;
      const history = conversation.messages.slice(0, at);
      update(lang, (messages) => messages.filter((m) => m.id !== answerId));
      void answer(lang, history);
    },
    [answer, conversation, lang, pending, update],
  );

  const clear = useCallback(() => {
    request.current?.abort();
    request.current = null;
    setPending(false);
    update(lang, () => []);
  }, [lang, update]);

  return { messages: conversation.lang === lang ? conversation.messages : [], pending, ask, retry, clear };
}

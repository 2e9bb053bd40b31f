import { useEffect, useRef, useState } from 'react';
import * as LucideBotMessageSquare from 'lucide-react/icons/bot-message-square';
import * as LucideMessageCircle from 'lucide-react/icons/message-circle';
import * as LucidePhone from 'lucide-react/icons/phone';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { useLocation } from 'react-router-dom';
import { Link } from '@/shared/routing/link';
import { useLanguage } from '@/shared/language/use-language';
import { cx } from '@/shared/class-names';
import { direction } from '@/shared/languages';
import type { SiteInfo } from '@/shared/page-data';
import { contactHrefs, normalizePath, paths } from '@/shared/paths';
import { useContactHandoff } from '@/shared/handoff/use-contact-handoff';
import { WhatsAppLink } from '@/shared/ui/contact-links';
import { whenIdle } from '@/shared/idle';
import type { AssistantTooltip as Tooltip } from './assistant-tooltip';

const BotMessageSquare = lean(LucideBotMessageSquare);
const MessageCircle = lean(LucideMessageCircle);
const Phone = lean(LucidePhone);

const round =
  'pointer-events-auto flex items-center justify-center rounded-full text-white shadow-lg ring-4 ring-white/70 transition-transform hover:scale-105';

/**
 * The buttons that float over every page: the chat-app and phone links at the bottom right, and
 * the assistant button (bottom left on a right-to-left page, bottom right on a left-to-right one).
 */
export function FloatingButtons({ site }: { site: SiteInfo }) {
  const { t } = useTranslation();
  const handoff = useContactHandoff();
  return (
    <aside aria-label={t('floating.label')} className="print:hidden">
      <div className="pointer-events-none fixed bottom-4 right-4 z-30 flex gap-3 md:bottom-5 md:right-5">
        <WhatsAppLink
          number={site.whatsapp}
          message={handoff.message}
          title={handoff.note}
          aria-label={t('floating.whatsapp')}
          data-floating="whatsapp"
          className={cx(round, 'size-12 bg-[#0f7a5f] md:size-13')}
        >
          <MessageCircle className="size-6" aria-hidden="true" />
        </WhatsAppLink>
        <a
          href={contactHrefs.tel(site.phone)}
          aria-label={t('floating.call', { phone: site.phone, isolate: false })}
          data-floating="phone"
          className={cx(round, 'size-12 bg-brand-800 md:size-13')}
        >
          <Phone className="size-5" aria-hidden="true" />
        </a>
      </div>
      <FloatingAssistant />
    </aside>
  );
}

/**
 * The round assistant button: 84 px from the bottom and 16 px from the side on phones, 96 px
 * and 20 px on desktops; hidden on the assistant's own page. Its tooltip shows the language's
 * `chatbot.tooltip` string, and only when that string exists.
 */
export function FloatingAssistant() {
  const { t, has } = useTranslation();
  const { language } = useLanguage();
  const { pathname } = useLocation();
  const shown = normalizePath(pathname) !== paths.assistantChat(language);
  const tooltip = has('chatbot.tooltip') ? t('chatbot.tooltip') : null;
  const withTooltip = shown && tooltip !== null;
  const [AssistantTooltip, setTooltip] = useState<typeof Tooltip | null>(null);
  const link = useRef<HTMLAnchorElement>(null);
  // Whether the link had focus when the tooltip came to wrap it (which mounts it anew).
  const refocus = useRef(false);
  // The tooltip (Radix, with its positioning: 19 KB) is loaded once the browser is idle after
  // hydration, so the server and client markup agree and hydration does not wait for it; the
  // assistant's own page, and a language without the tooltip's text, never load it.
  useEffect(() => {
    if (!withTooltip || AssistantTooltip) return;
    let live = true;
    const cancel = whenIdle(() => {
      import('./assistant-tooltip').then(
        (m) => {
          if (!live) return;
          refocus.current = link.current !== null && document.activeElement === link.current;
          setTooltip(() => m.AssistantTooltip);
        },
        () => {}, // offline: the button works without its tooltip
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [withTooltip, AssistantTooltip]);
  // A keyboard visitor on the button keeps their place (and, focused, the tooltip shows).
  useEffect(() => {
    if (!AssistantTooltip || !refocus.current) return;
    refocus.current = false;
    link.current?.focus();
  }, [AssistantTooltip]);

  if (!shown) return null;
  const rtl = direction(language) === 'rtl';
  const button = (
    <Link
      ref={link}
      to={paths.assistantChat(language)}
      aria-label={t('chatbot.open')}
      data-floating="assistant"
      className={cx(
        round,
        'fixed bottom-[84px] z-30 size-14 bg-brand-950 md:bottom-[96px]',
        rtl ? 'left-4 md:left-5' : 'right-4 md:right-5',
      )}
    >
      <BotMessageSquare className="size-7" aria-hidden="true" />
      <span className="absolute end-0.5 top-0.5 size-3 rounded-full bg-amber-400 ring-2 ring-white" aria-hidden="true" />
    </Link>
  );
  if (!AssistantTooltip || tooltip === null) return button;
  return (
    <AssistantTooltip text={tooltip} lang={language} side={rtl ? 'right' : 'left'}>
      {button}
    </AssistantTooltip>
  );
}

import './faq-strings';
import * as LucideChevronDown from 'lucide-react/icons/chevron-down';
import * as LucideMessageCircle from 'lucide-react/icons/message-circle';
import * as LucidePhone from 'lucide-react/icons/phone';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import type { FaqItem, Screen, SiteInfo } from '@/shared/page-data';
import { contactHrefs, noBreak } from '@/shared/paths';
import { buttonVariants } from '@/shared/ui/button';
import { HandoffWhatsAppLink } from '@/shared/handoff/handoff-links';
import { PageTitle } from './page-title';
import type { ScreenProps } from './screen-types';

const ChevronDown = lean(LucideChevronDown);
const MessageCircle = lean(LucideMessageCircle);
const Phone = lean(LucidePhone);

export function FaqScreen({ screen, faq, site }: { screen: Screen; faq: FaqItem[]; site: SiteInfo }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle screen={screen} />
      <div className="mx-auto max-w-3xl px-4 py-14">
        <div className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {faq.map((item) => (
            <details key={item.id} id={item.id} className="group scroll-mt-24">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-5 font-bold text-slate-900 hover:text-brand-800 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" aria-hidden="true" />
              </summary>
              <p className="px-6 pb-6 leading-relaxed text-slate-700">{item.answer}</p>
            </details>
          ))}
        </div>
        <div className="mt-12 rounded-2xl bg-brand-950 p-8 text-white">
          <h2 className="text-xl font-bold">{t('common.stillQuestions')}</h2>
          <p className="mt-2 text-brand-100">{t('common.stillQuestionsText')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href={contactHrefs.tel(site.phone)} className={buttonVariants({ surface: 'dark' })}>
              <Phone aria-hidden="true" />
              {noBreak(t('common.callNow'))}
            </a>
            <HandoffWhatsAppLink number={site.whatsapp} className={buttonVariants({ variant: 'outline', surface: 'dark' })}>
              <MessageCircle aria-hidden="true" />
              {t('common.chatOnWhatsapp')}
            </HandoffWhatsAppLink>
          </div>
        </div>
      </div>
    </>
  );
}

export function FaqRoute({ data }: ScreenProps) {
  return data.page.kind === 'faq' ? <FaqScreen screen={data.screen} faq={data.page.faq} site={data.site} /> : null;
}

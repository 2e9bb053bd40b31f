import '@/features/contact/strings';
import type { ReactNode } from 'react';
import * as LucideClock from 'lucide-react/icons/clock';
import * as LucideMail from 'lucide-react/icons/mail';
import * as LucideMapPin from 'lucide-react/icons/map-pin';
import * as LucideMessageCircle from 'lucide-react/icons/message-circle';
import * as LucidePhone from 'lucide-react/icons/phone';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { ContactForm } from '@/features/contact/contact-form';
import type { SendContactMessage } from '@/features/contact/send-contact-message';
import { useLanguage } from '@/shared/language/use-language';
import { formatTime } from '@/shared/date-time';
import type { Screen, SiteInfo } from '@/shared/page-data';
import { HoursNote } from '@/shared/handoff/hours-note';
import { useContactHandoff } from '@/shared/handoff/use-contact-handoff';
import { EmailAddressLink, PhoneNumberLink, WhatsAppNumberLink } from '@/shared/ui/contact-links';
import { PageTitle } from './page-title';
import type { ScreenProps } from './screen-types';

const Clock = lean(LucideClock);
const Mail = lean(LucideMail);
const MapPin = lean(LucideMapPin);
const MessageCircle = lean(LucideMessageCircle);
const Phone = lean(LucidePhone);

const detailLink = 'rounded font-semibold hover:underline';

export function ContactScreen({ screen, site, send }: { screen: Screen; site: SiteInfo; send?: SendContactMessage }) {
  const strings = useTranslation();
  const { t } = strings;
  const { language: lang } = useLanguage();
  const { message, note, open } = useContactHandoff();

  return (
    <>
      <PageTitle screen={screen} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 lg:grid-cols-[1.5fr_1fr]">
        <ContactForm site={site} lang={lang} send={send} />

        <div className="rounded-2xl bg-brand-950 p-6 text-white sm:p-8">
          <h2 className="text-xl font-bold">{t('contact.infoTitle')}</h2>
          <dl className="mt-6 space-y-5">
            <InfoItem icon={<Phone />} term={t('common.callUs')}>
              <PhoneNumberLink phone={site.phone} className={detailLink} />
            </InfoItem>
            <InfoItem icon={<MessageCircle />} term={t('nav.whatsapp')}>
              <WhatsAppNumberLink number={site.whatsapp} message={message} className={detailLink} />
              <HoursNote note={note} open={open} className="mt-1 text-brand-100" />
            </InfoItem>
            <InfoItem icon={<Mail />} term={t('common.emailUs')}>
              <EmailAddressLink email={site.email} className={detailLink} />
            </InfoItem>
            <InfoItem icon={<MapPin />} term={t('common.address')}>{site.address}</InfoItem>
            <InfoItem icon={<Clock />} term={t('common.workingHours')}>
              {t('footer.hours', { days: site.hours.days, opens: formatTime(strings, site.hours.opens), closes: formatTime(strings, site.hours.closes) })}
            </InfoItem>
          </dl>
        </div>
      </div>
    </>
  );
}

function InfoItem({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="relative min-h-11 ps-15">
      <dt className="text-sm text-brand-100">
        <span className="absolute start-0 top-0 flex size-11 items-center justify-center rounded-xl bg-white/10 text-amber-300 [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-0.5 leading-relaxed">{children}</dd>
    </div>
  );
}

export function ContactRoute({ data }: ScreenProps) {
  return <ContactScreen screen={data.screen} site={data.site} />;
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { Clock, LoaderCircle, Mail, MapPin, MessageCircle, Phone, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { sendContactMessage, type ContactMessage, type SendContactMessage } from '@/features/contact/send-contact-message';
import { useLanguage } from '@/features/language/use-language';
import { useToast } from '@/features/toast/use-toast';
import { formatTime } from '@/shared/format-time';
import type { SiteInfo } from '@/shared/page-data';
import { contactHrefs, noBreak, paths } from '@/shared/paths';
import { Button } from '@/shared/ui/button';
import { PageTitle } from './page-title';
import type { ScreenProps } from './screen-types';

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-400 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm transition-colors ' +
  'placeholder:text-slate-500 hover:border-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/50';

export function ContactScreen({ site, send = sendContactMessage }: { site: SiteInfo; send?: SendContactMessage }) {
  const { t } = useTranslation();
  const { language: lang } = useLanguage();
  const { toast } = useToast();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const message: ContactMessage = {
      fullName: String(data.get('fullName') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
      phone: String(data.get('phone') ?? '').trim(),
      message: String(data.get('message') ?? '').trim(),
    };
    setSubmitting(true);
    try {
      await send(site, message);
      form.reset();
      toast({ title: t('contact.successTitle'), description: t('contact.successText') });
    } catch {
      toast({ variant: 'destructive', title: t('contact.notSentTitle'), description: t('contact.notSentText') });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <PageTitle title={t('meta.contact.title')} lead={t('meta.contact.description')} crumbs={[{ label: t('nav.home'), to: paths.home(lang) }]} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 lg:grid-cols-[1.5fr_1fr]">
        <form
          onSubmit={onSubmit}
          className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
          aria-labelledby="contact-form-title"
          aria-busy={submitting}
        >
          <div>
            <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">{t('contact.formTitle')}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('contact.requiredNote')}</p>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="contact-fullName" label={t('contact.fullName')} required={t('contact.required')}>
              <input id="contact-fullName" name="fullName" type="text" required autoComplete="name" className={inputClass} />
            </Field>
            <Field id="contact-phone" label={t('contact.phone')} required={t('contact.required')}>
              <input id="contact-phone" name="phone" type="tel" required autoComplete="tel" dir="ltr" className={`${inputClass} rtl:text-right`} />
            </Field>
          </div>
          <Field id="contact-email" label={t('contact.email')} required={t('contact.required')}>
            <input id="contact-email" name="email" type="email" required autoComplete="email" dir="ltr" className={`${inputClass} rtl:text-right`} />
          </Field>
          <Field id="contact-message" label={t('contact.message')} required={t('contact.required')}>
            <textarea id="contact-message" name="message" required rows={6} className={`${inputClass} resize-y`} />
          </Field>
          <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
            {submitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send className="rtl:-scale-x-100" aria-hidden="true" />}
            {submitting ? t('contact.submitting') : t('contact.submit')}
          </Button>
        </form>

        <div className="rounded-2xl bg-brand-950 p-6 text-white sm:p-8">
          <h2 className="text-xl font-bold">{t('contact.infoTitle')}</h2>
          <dl className="mt-6 space-y-5">
            <InfoItem icon={<Phone />} term={t('common.callUs')}>
              <a className="rounded font-semibold hover:underline" href={contactHrefs.tel(site.phone)}><bdi dir="ltr">{noBreak(site.phone)}</bdi></a>
            </InfoItem>
            <InfoItem icon={<MessageCircle />} term={t('nav.whatsapp')}>
              <a className="rounded font-semibold hover:underline" href={contactHrefs.whatsapp(site.whatsapp)} target="_blank" rel="noopener noreferrer">
                <bdi dir="ltr">+{site.whatsapp.replace(/^\+/, '')}</bdi>
                <span className="sr-only"> {t('common.newTab')}</span>
              </a>
            </InfoItem>
            <InfoItem icon={<Mail />} term={t('common.emailUs')}>
              <a className="rounded font-semibold hover:underline" href={contactHrefs.mailto(site.email)}><bdi dir="ltr">{site.email}</bdi></a>
            </InfoItem>
            <InfoItem icon={<MapPin />} term={t('common.address')}>{site.address}</InfoItem>
            <InfoItem icon={<Clock />} term={t('common.workingHours')}>
              {t('footer.hours', { days: site.hours.days, opens: formatTime(lang, site.hours.opens), closes: formatTime(lang, site.hours.closes) })}
            </InfoItem>
          </dl>
        </div>
      </div>
    </>
  );
}

function Field({ id, label, required, children }: { id: string; label: string; required: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label} <span aria-hidden="true" className="text-red-700" title={required}>*</span>
      </label>
      {children}
    </div>
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
  return <ContactScreen site={data.site} />;
}

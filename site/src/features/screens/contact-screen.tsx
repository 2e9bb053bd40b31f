import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteInfo } from '@/shared/page-data';
import { PageTitle } from './page-title';

export function ContactScreen({ site }: { site: SiteInfo }) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
  };
  const field = (name: 'fullName' | 'email' | 'phone', type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`contact-${name}`} className="block font-semibold text-slate-900">
        {t(`contact.${name}`)} <span aria-hidden="true" className="text-red-700">*</span>
        <span className="sr-only"> ({t('contact.required')})</span>
      </label>
      <input
        id={`contact-${name}`}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        dir={type === 'tel' || type === 'email' ? 'ltr' : undefined}
        className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
      />
    </div>
  );
  return (
    <>
      <PageTitle title={t('meta.contact.title')} lead={t('meta.contact.description')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-2">
        <form onSubmit={onSubmit} className="space-y-4" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">{t('contact.formTitle')}</h2>
          {field('fullName', 'text', 'name')}
          {field('email', 'email', 'email')}
          {field('phone', 'tel', 'tel')}
          <div>
            <label htmlFor="contact-message" className="block font-semibold text-slate-900">
              {t('contact.message')} <span aria-hidden="true" className="text-red-700">*</span>
              <span className="sr-only"> ({t('contact.required')})</span>
            </label>
            <textarea id="contact-message" name="message" required rows={5} className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2" />
          </div>
          <button type="submit" disabled={submitting} className="rounded-md bg-emerald-700 px-5 py-3 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70">
            {submitting ? t('contact.submitting') : t('contact.submit')}
          </button>
        </form>
        <dl className="space-y-4">
          <div>
            <dt className="font-semibold text-slate-900">{t('common.callUs')}</dt>
            <dd><a className="text-emerald-800 hover:underline" href={`tel:${site.phone.replace(/\s+/g, '')}`}><bdi dir="ltr">{site.phone}</bdi></a></dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{t('nav.whatsapp')}</dt>
            <dd><a className="text-emerald-800 hover:underline" href={`https://wa.me/${site.whatsapp}`} target="_blank" rel="noopener noreferrer"><bdi dir="ltr">+{site.whatsapp}</bdi></a></dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{t('common.emailUs')}</dt>
            <dd><a className="text-emerald-800 hover:underline" href={`mailto:${site.email}`}><bdi dir="ltr">{site.email}</bdi></a></dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{t('common.address')}</dt>
            <dd>{site.address}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{t('common.workingHours')}</dt>
            <dd>{t('footer.hours', { days: site.hours.days, opens: site.hours.opens, closes: site.hours.closes })}</dd>
          </div>
        </dl>
      </div>
    </>
  );
}

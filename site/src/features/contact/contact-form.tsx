import '@/features/contact/strings';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import * as LucideLoaderCircle from 'lucide-react/icons/loader-circle';
import * as LucideMail from 'lucide-react/icons/mail';
import * as LucideMessageCircle from 'lucide-react/icons/message-circle';
import * as LucideSend from 'lucide-react/icons/send';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { clearDraft, loadDraft, saveDraft } from '@/features/contact/draft';
import { handoffText } from '@/features/contact/handoff';
import type { SendContactMessage, SendFailure } from '@/features/contact/send-contact-message';
import { CONTACT_FIELDS, LIMITS, fieldError, trimmed, validate, type ContactErrorKey, type ContactField, type ContactMessage, type FieldErrors } from '@/features/contact/validate';
import { useToast } from '@/shared/toast/use-toast';
import { direction } from '@/shared/languages';
import type { Lang, SiteInfo } from '@/shared/page-data';
import { contactHrefs } from '@/shared/paths';
import { Button, buttonVariants } from '@/shared/ui/button';
import { HandoffWhatsAppLink } from '@/shared/handoff/handoff-links';
import { loadOnce } from '@/shared/load-once';

const LoaderCircle = lean(LucideLoaderCircle);
const Mail = lean(LucideMail);
const MessageCircle = lean(LucideMessageCircle);
const Send = lean(LucideSend);

/** Below this time from the first keystroke to sending, in ms, only a script could have typed. */
export const MIN_FILL_MS = 3000;

const EMPTY: ContactMessage = { fullName: '', email: '', phone: '', message: '' };

/** The form's field names when it posts without JavaScript (the same as the table's columns). */
const POST_NAMES: Record<ContactField, string> = { fullName: 'full_name', email: 'email', phone: 'phone', message: 'message' };

const inputClass =
  'mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm transition-colors ' +
  'placeholder:text-slate-500 focus:outline-none focus:ring-2';
const okClass = 'border-slate-400 hover:border-slate-500 focus:border-brand-600 focus:ring-brand-600/50';
const badClass = 'border-red-700 focus:border-red-700 focus:ring-red-700/40';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sending code (loaded once; a failed load is tried again on the next call). */
type Sending = typeof import('./sending');
const loadSending = loadOnce(() => import('./sending'));

/**
 * The contact form. With a backend, it inserts the message over the backend's REST API; when
 * that fails, or with no backend at all, it offers the chat app and e-mail, prefilled with the
 * message. What the visitor types is kept in session storage until it is sent.
 */
export function ContactForm({ site, lang, send }: { site: SiteInfo; lang: Lang; send?: SendContactMessage }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  /** Why the last send failed, while the handoff is offered. */
  const [failure, setFailure] = useState<SendFailure | null>(null);
  // Native validation serves the form without JavaScript; once hydrated, our messages take over.
  const [hydrated, setHydrated] = useState(false);
  const startedAt = useRef<number | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  /** Stops a proof of work still running when the visitor leaves the page. */
  const leaving = useRef<AbortController | null>(null);
  const fieldRefs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const backend = site.backend;
  // Before hydration (or without JavaScript) the browser would submit the form itself: that is
  // only allowed when there is an endpoint to post to. Otherwise the button stays disabled (which
  // also stops Enter in a field from submitting) and the visitor is told how else to reach us.
  const canSubmit = hydrated || Boolean(backend?.formEndpoint);

  useEffect(() => () => leaving.current?.abort(), []);

  useEffect(() => {
    setHydrated(true);
    const draft = loadDraft();
    if (draft) {
      startedAt.current = draft.startedAt;
      setValues({ fullName: draft.fullName, email: draft.email, phone: draft.phone, message: draft.message });
    }
  }, []);

  const update = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: event.target.value };
    if (startedAt.current === null && backend) loadSending().catch(() => undefined); // ready by the send
    startedAt.current ??= Date.now();
    setValues(next);
    saveDraft({ ...next, startedAt: startedAt.current });
    // A shown error updates as the visitor fixes it.
    if (errors[field]) setErrors({ ...errors, [field]: fieldError(field, next[field]) });
  };

  const check = (field: ContactField) => () => {
    if (values[field].trim()) setErrors((e) => ({ ...e, [field]: fieldError(field, values[field]) }));
  };

  /** Validates everything; on a problem, shows every message and focuses the first bad field. */
  const validateAll = (): boolean => {
    const found = validate(values);
    setErrors(found);
    const first = CONTACT_FIELDS.find((f) => found[f]);
    if (first) fieldRefs.current[first]?.focus();
    return !first;
  };

  const succeed = () => {
    setValues(EMPTY);
    setErrors({});
    setFailure(null);
    startedAt.current = null;
    clearDraft();
    toast({ title: t('contact.successTitle'), description: t('contact.successText') });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !backend || !validateAll()) return;
    setSubmitting(true);
    let code: Sending | null = null;
    try {
      // Only a script fills the hidden field: it is told "sent", and nothing is sent.
      if (honeypot.current?.value) return succeed();
      code = await loadSending();
      // The table asks for a proof of work (proof-of-work.ts): it runs while the send is held.
      const message = trimmed(values);
      leaving.current ??= new AbortController();
      const proof = code.solveProof(code.contactRow(message, lang), { signal: leaving.current.signal });
      proof.catch(() => undefined); // left the page: nothing to report
      // A person cannot type four fields this fast; hold the send until they could have.
      const elapsed = Date.now() - (startedAt.current ?? Date.now());
      if (elapsed < MIN_FILL_MS) await wait(MIN_FILL_MS - elapsed);
      await (send ?? code.sendContactMessage)(site, message, lang, proof);
      succeed();
    } catch (error) {
      if (leaving.current?.signal.aborted) return;
      // The sending code not loaded (offline) is a network failure too.
      const known = code && error instanceof code.ContactSendError ? error : null;
      const reason = known ? known.reason : 'network';
      const status = known ? known.status : undefined;
      setFailure(reason);
      toast({ variant: 'destructive', title: t('contact.notSentTitle'), description: t(`contact.failure.${reason}`, { status }) });
    } finally {
      setSubmitting(false);
    }
  };

  const text = handoffText(trimmed(values), { name: t('contact.fullName'), phone: t('contact.phone'), email: t('contact.email') }, direction(lang) === 'rtl');
  const subject = t('contact.mailSubject', { name: values.fullName.trim() || site.companyName });
  const handoffClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!validateAll()) event.preventDefault();
  };
  const handoff = (
    <div className="flex flex-col gap-3 sm:flex-row">
      <HandoffWhatsAppLink number={site.whatsapp} extra={{ body: text }} onClick={handoffClick} className={buttonVariants({ size: 'lg' })} data-handoff="contact-form">
        <MessageCircle aria-hidden="true" />
        {t('contact.sendWhatsapp')}
      </HandoffWhatsAppLink>
      <a href={contactHrefs.mailto(site.email, { subject, body: text })} onClick={handoffClick} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
        <Mail aria-hidden="true" />
        {t('contact.sendEmail')}
      </a>
    </div>
  );

  const field = (name: ContactField, label: string, input: (props: FieldInputProps) => ReactNode) => {
    const id = `contact-${name}`;
    const error = errors[name];
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
          {label} <span aria-hidden="true" className="text-red-700" title={t('contact.required')}>*</span>
        </label>
        {input({
          id,
          name: POST_NAMES[name],
          required: true,
          value: values[name],
          onChange: update(name),
          onBlur: check(name),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          className: `${inputClass} ${error ? badClass : okClass}`,
          ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
            fieldRefs.current[name] = el;
          },
        })}
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {t(`contact.errors.${error}`, { count: ERROR_COUNTS[error] })}
          </p>
        )}
      </div>
    );
  };

  const shell = 'relative space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8';
  const body = (
    <>
      <div>
        <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">{t('contact.formTitle')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('contact.requiredNote')}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {field('fullName', t('contact.fullName'), (p) => (
          <input {...p} type="text" autoComplete="name" maxLength={LIMITS.fullName.max} />
        ))}
        {field('phone', t('contact.phone'), (p) => (
          <input {...p} type="tel" autoComplete="tel" inputMode="tel" dir="ltr" className={`${p.className} rtl:text-right`} maxLength={LIMITS.phone.max} />
        ))}
      </div>
      {field('email', t('contact.email'), (p) => (
        <input {...p} type="email" autoComplete="email" dir="ltr" className={`${p.className} rtl:text-right`} maxLength={LIMITS.email.max} />
      ))}
      {field('message', t('contact.message'), (p) => (
        <textarea {...p} rows={6} className={`${p.className} resize-y`} maxLength={LIMITS.message.max} />
      ))}
      {/* The spam trap: hidden from people, from screen readers and from the tab order. */}
      <div aria-hidden="true" className="absolute -start-[9999px] top-0 size-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input ref={honeypot} id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name="language" value={lang} />

      {backend ? (
        <>
          <Button type="submit" size="lg" disabled={submitting || !canSubmit} className="w-full sm:w-auto">
            {submitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send className="rtl:-scale-x-100" aria-hidden="true" />}
            {submitting ? t('contact.submitting') : t('contact.submit')}
          </Button>
          {failure && (
            <div role="region" aria-labelledby="contact-handoff-title" className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
              <h3 id="contact-handoff-title" className="font-bold text-slate-900">{t('contact.handoffTitle')}</h3>
              {/* A limit stays in force for a while: say so here too, where it stays (the toast goes). */}
              <p className="mb-3 mt-1 text-sm text-slate-700">{t(LIMITS_SHOWN.has(failure) ? `contact.failure.${failure}` : 'contact.handoffText')}</p>
              {handoff}
            </div>
          )}
          {!backend.formEndpoint && (
            <noscript>
              <p className="text-sm text-slate-700">{t('contact.noScript')}</p>
            </noscript>
          )}
        </>
      ) : (
        <div>
          <p className="mb-3 text-sm text-slate-700">{t('contact.directText')}</p>
          {handoff}
        </div>
      )}
    </>
  );
  // Without a backend there is nothing to submit: the fields feed the handoff links, so they
  // are a labelled group rather than a form (a form must have a submit button).
  if (!backend) {
    return (
      <div role="group" className={shell} aria-labelledby="contact-form-title">
        {body}
      </div>
    );
  }
  // Always a POST: the visitor's details never go into a URL (a GET would put them in the query
  // string, and in every log and history on the way). Without `form_endpoint` there is no
  // action, and the form cannot be submitted until the script has taken over.
  return (
    <form
      onSubmit={onSubmit}
      method="post"
      action={backend.formEndpoint ?? undefined}
      noValidate={hydrated}
      className={shell}
      aria-labelledby="contact-form-title"
      aria-busy={submitting}
    >
      {body}
    </form>
  );
}

interface FieldInputProps {
  id: string;
  name: string;
  required: true;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
  ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

/** Refusals the handoff box explains, as trying again soon will not help. */
const LIMITS_SHOWN: ReadonlySet<SendFailure> = new Set(['limitedSender', 'limitedGlobal', 'proof']);

/** The count each error message states (its plural form follows it). */
const ERROR_COUNTS: Partial<Record<ContactErrorKey, number>> = {
  nameShort: LIMITS.fullName.min,
  nameLong: LIMITS.fullName.max,
  messageShort: LIMITS.message.min,
  messageLong: LIMITS.message.max,
};

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
import { FIELDS, fieldNames, type FieldList, type FieldSpec } from '@/features/contact/fields';
import { emptyValues, fieldError, trimmed, validate, type ContactErrorKey } from '@/features/contact/validate';
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

/** The form's values and errors, by field name (fields.ts). */
type Values = Record<string, string>;
type Errors = Partial<Record<string, string>>;

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
 * `fields` is the field declaration (fields.ts; a module constant: the draft is loaded again when
 * it changes); tests pass a copy with a field added.
 */
export function ContactForm({ site, lang, send, fields = FIELDS }: { site: SiteInfo; lang: Lang; send?: SendContactMessage; fields?: FieldList }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const names = fieldNames(fields);
  const [values, setValues] = useState<Values>(() => emptyValues(fields));
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  /** Why the last send failed, while the handoff is offered. */
  const [failure, setFailure] = useState<SendFailure | null>(null);
  // Native validation serves the form without JavaScript; once hydrated, our messages take over.
  const [hydrated, setHydrated] = useState(false);
  const startedAt = useRef<number | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  /** Stops a proof of work still running when the visitor leaves the page. */
  const leaving = useRef<AbortController | null>(null);
  const fieldRefs = useRef<Partial<Record<string, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const backend = site.backend;
  // Before hydration (or without JavaScript) the browser would submit the form itself: that is
  // only allowed when there is an endpoint to post to. Otherwise the button stays disabled (which
  // also stops Enter in a field from submitting) and the visitor is told how else to reach us.
  const canSubmit = hydrated || Boolean(backend?.formEndpoint);

  useEffect(() => () => leaving.current?.abort(), []);

  useEffect(() => {
    setHydrated(true);
    const draft = loadDraft(fields);
    if (draft) {
      const { startedAt: started, ...typed } = draft;
      startedAt.current = started;
      setValues(typed);
    }
  }, [fields]);

  const update = (field: string) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: event.target.value };
    if (startedAt.current === null && backend) loadSending().catch(() => undefined); // ready by the send
    startedAt.current ??= Date.now();
    setValues(next);
    saveDraft(next, startedAt.current);
    // A shown error updates as the visitor fixes it.
    if (errors[field]) setErrors({ ...errors, [field]: fieldError(field, next[field]!, fields) });
  };

  const check = (field: string) => () => {
    if (values[field]!.trim()) setErrors((e) => ({ ...e, [field]: fieldError(field, values[field]!, fields) }));
  };

  /** Validates everything; on a problem, shows every message and focuses the first bad field. */
  const validateAll = (): boolean => {
    const found = validate(values, fields);
    setErrors(found);
    const first = names.find((f) => found[f]);
    if (first) fieldRefs.current[first]?.focus();
    return !first;
  };

  const succeed = () => {
    setValues(emptyValues(fields));
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
      // The table asks for a proof of work (proof-of-work.ts): its challenge is fetched and
      // solved while the send is held.
      const message = trimmed(values, fields);
      leaving.current ??= new AbortController();
      const proof = code.makeProof(site, code.contactRow(message, lang, fields), { signal: leaving.current.signal });
      proof.catch(() => undefined); // left the page: nothing to report
      // A person cannot fill the fields this fast; hold the send until they could have.
      const elapsed = Date.now() - (startedAt.current ?? Date.now());
      if (elapsed < MIN_FILL_MS) await wait(MIN_FILL_MS - elapsed);
      await (send ?? code.sendContactMessage)(site, message, lang, proof, fields);
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

  const label = (spec: FieldSpec) => t(`contact.${spec.label}` as 'contact.fullName');
  const text = handoffText(trimmed(values, fields), (f) => label(fields[f]!), direction(lang) === 'rtl', fields);
  // Not isolated (`isolate: false`): a subject line is laid out by the email client; the body's
  // name is isolated by `handoffText`, in a right-to-left language.
  const subject = t('contact.mailSubject', { name: values.fullName?.trim() || site.companyName, isolate: false });
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

  /** One field: its label (marked * when required), its input, and its error. */
  const field = (name: string) => {
    const spec = fields[name]!;
    const id = `contact-${name}`;
    const error = errors[name];
    const props = {
      id,
      name: spec.column,
      required: spec.required,
      value: values[name],
      onChange: update(name),
      onBlur: check(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      className: `${inputClass} ${error ? badClass : okClass}${spec.className ? ` ${spec.className}` : ''}`,
      ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
        fieldRefs.current[name] = el;
      },
    };
    const { element, ...attributes } = spec.input;
    return (
      <div key={name}>
        <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
          {label(spec)} {spec.required && <span aria-hidden="true" className="text-red-700" title={t('contact.required')}>*</span>}
        </label>
        {element === 'textarea' ? <textarea {...props} {...attributes} maxLength={spec.max} /> : <input {...props} {...attributes} maxLength={spec.max} />}
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {t(`contact.errors.${error as ContactErrorKey}`, { count: errorCount(fields, error) })}
          </p>
        )}
      </div>
    );
  };

  // The fields in order; consecutive half fields share a two-column row.
  const rows: ReactNode[] = [];
  for (let i = 0; i < names.length; ) {
    if (!fields[names[i]!]!.half) {
      rows.push(field(names[i++]!));
      continue;
    }
    const row: string[] = [];
    while (i < names.length && fields[names[i]!]!.half) row.push(names[i++]!);
    rows.push(
      <div key={row.join()} className="grid gap-5 sm:grid-cols-2">
        {row.map(field)}
      </div>,
    );
  }

  const shell = 'relative space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8';
  const body = (
    <>
      <div>
        <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">{t('contact.formTitle')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('contact.requiredNote')}</p>
      </div>
      {rows}
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

/** Refusals the handoff box explains, as trying again soon will not help. */
const LIMITS_SHOWN: ReadonlySet<SendFailure> = new Set(['limitedSender', 'limitedAddress', 'proof']);

/** The count an error message states (its plural form follows it): the bound it names. */
function errorCount(fields: FieldList, error: string): number | undefined {
  for (const spec of Object.values(fields)) {
    if (spec.errors.short === error) return spec.min;
    if (spec.errors.long === error) return spec.max;
  }
  return undefined;
}

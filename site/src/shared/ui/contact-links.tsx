// The company's chat app, phone and e-mail links, written once for every place that shows them.
//
// The icons stay with the callers: a module that both the entry and a screen's chunk import, and
// that imports lucide-react, makes Rolldown split the entry's shared code (lucide's base, the
// router, paths) into chunks of their own, which changes every page's preloads.
import { contactHrefs, noBreak } from '@/shared/paths';
import { ExternalLink, NEW_TAB, NewTabNote, type ExternalLinkProps } from './external-link';

/** The company's WhatsApp chat (wa.me) in a new tab; `message` prefills the chat. */
export function WhatsAppLink({ number, message, ...rest }: Omit<ExternalLinkProps, 'href'> & { number: string; message?: string }) {
  return <ExternalLink href={contactHrefs.whatsapp(number, message)} {...rest} />;
}

// The company's details as links showing the number or address itself (footer, contact page),
// kept left to right inside right-to-left text.

export function PhoneNumberLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a className={className} href={contactHrefs.tel(phone)}>
      <bdi dir="ltr">{noBreak(phone)}</bdi>
    </a>
  );
}

/** The WhatsApp number, as `+971…`, opening the chat in a new tab; `message` prefills the chat. */
export function WhatsAppNumberLink({ number, message, className }: { number: string; message?: string; className?: string }) {
  return (
    <a className={className} href={contactHrefs.whatsapp(number, message)} {...NEW_TAB}>
      <bdi dir="ltr">+{number.replace(/^\+/, '')}</bdi>
      <NewTabNote />
    </a>
  );
}

export function EmailAddressLink({ email, className }: { email: string; className?: string }) {
  return (
    <a className={className} href={contactHrefs.mailto(email)}>
      <bdi dir="ltr">{email}</bdi>
    </a>
  );
}

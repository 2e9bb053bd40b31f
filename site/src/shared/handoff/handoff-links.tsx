// A wa.me link prefilled by the handoff (the page read, the checklist's ticks, the hours), for
// the screens that need only the link. Not for the entry's components (header, footer,
// floating buttons): a module both the entry and screens' chunks import makes Rolldown split
// the entry (see ARCHITECTURE.md, "Chunking is fragile"); they call `useContactHandoff`.
import type { ComponentProps } from 'react';
import { WhatsAppLink } from '@/shared/ui/contact-links';
import { useContactHandoff } from './use-contact-handoff';
import type { HandoffExtra } from './runtime';

export function HandoffWhatsAppLink({ extra, ...rest }: Omit<ComponentProps<typeof WhatsAppLink>, 'message'> & { extra?: HandoffExtra }) {
  const { message } = useContactHandoff(extra);
  // Until the handoff has loaded, the contact form's message alone (as before it existed).
  return <WhatsAppLink message={message ?? extra?.body} {...rest} />;
}

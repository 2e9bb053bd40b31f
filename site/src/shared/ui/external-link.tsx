import type { AnchorHTMLAttributes } from 'react';
import { useTranslation } from '@/i18n';

/** Opens a link in a new tab that gets no handle on this page (`window.opener`) and no referrer. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Tells screen readers that the link it ends opens in a new tab. */
export function NewTabNote() {
  const { t } = useTranslation();
  return <span className="sr-only"> {t('common.newTab')}</span>;
}

export type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> & { href: string };

/**
 * A link that opens in a new tab. Its text ends with a note saying so for screen readers,
 * unless it has an `aria-label`, which replaces the text (the label must say it then).
 * Attributes render in the order given, after `href`, `target` and `rel`.
 */
export function ExternalLink({ href, children, ...rest }: ExternalLinkProps) {
  return (
    <a href={href} {...NEW_TAB} {...rest}>
      {children}
      {rest['aria-label'] === undefined && <NewTabNote />}
    </a>
  );
}

import type { ReactNode } from 'react';
import * as LucideChevronRight from 'lucide-react/icons/chevron-right';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { Link } from '@/shared/routing/link';
import type { Screen } from '@/shared/page-data';

const ChevronRight = lean(LucideChevronRight);

/**
 * The band at the top of every screen but home: breadcrumb, title, lead, as the page data's
 * `screen` gives them (the head and its JSON-LD breadcrumbs have the same).
 */
export function PageTitle({ screen: { title, description: lead, crumbs }, children }: { screen: Screen; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="relative overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_24rem_at_85%_-20%,rgba(16,163,122,0.45),transparent_70%),radial-gradient(40rem_20rem_at_0%_120%,rgba(251,191,36,0.12),transparent_70%)]"
      />
      <div className="relative mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {crumbs.length > 0 ? (
          <nav aria-label={t('common.breadcrumb')} className="mb-5 text-sm">
            <ol className="flex flex-wrap items-center gap-1.5 text-brand-100">
              {crumbs.map((crumb) => (
                <li key={crumb.path} className="flex items-center gap-1.5">
                  <Link to={crumb.path} className="rounded hover:text-white hover:underline">{crumb.label}</Link>
                  <ChevronRight className="size-3.5 opacity-70 rtl:-scale-x-100" aria-hidden="true" />
                </li>
              ))}
              <li aria-current="page" className="line-clamp-1 text-white/90">{title}</li>
            </ol>
          </nav>
        ) : null}
        <h1 className="max-w-4xl text-3xl font-bold leading-tight sm:text-4xl sm:leading-tight">{title}</h1>
        {lead ? <p className="mt-4 max-w-3xl text-lg leading-relaxed text-brand-100">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}

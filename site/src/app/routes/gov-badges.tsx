import type { GovIcon } from '@/shared/page-data';
import { cx } from '@/shared/class-names';

/** The government authorities a service deals with, as small badges (DED, MOHRE, ...). */
export function GovBadges({ icons, label, tone = 'light' }: { icons: GovIcon[]; label: string; tone?: 'light' | 'dark' }) {
  if (icons.length === 0) return null;
  return (
    <div>
      <span className="sr-only">{label}: </span>
      <ul className="flex flex-wrap gap-1.5">
        {icons.map((icon) => (
          <li
            key={icon}
            dir="ltr"
            className={cx(
              'rounded-md px-2 py-0.5 text-xs font-bold tracking-wide',
              tone === 'dark' ? 'bg-white/10 text-white ring-1 ring-white/20' : 'bg-brand-50 text-brand-800 ring-1 ring-brand-100',
            )}
          >
            {icon}
          </li>
        ))}
      </ul>
    </div>
  );
}

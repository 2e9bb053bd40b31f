import { useTranslation } from '@/i18n';
import type { GovIcon } from '@/shared/page-data';
import { cx } from '@/shared/class-names';
import { direction } from '@/shared/languages';

/**
 * The government bodies a service deals with, as small badges. Content names each body by an id
 * (`GovIcon`, which keeps the specification's spelling); the badge shows its current name in the
 * page's language (`govBadges.<id>` in the catalogue): an Arabic name on Arabic pages, the
 * acronym on English ones. Where the shown label is shorter than the full name (DET, «إقامة
 * دبي»), the full name is the badge's accessible text and its tooltip.
 */
export function GovBadges({ icons, label, tone = 'light' }: { icons: GovIcon[]; label: string; tone?: 'light' | 'dark' }) {
  const { t, lang } = useTranslation();
  if (icons.length === 0) return null;
  return (
    <div>
      <span className="sr-only">{label}: </span>
      <ul className="flex flex-wrap gap-1.5">
        {icons.map((icon) => {
          const short = t(`govBadges.${icon}.short`);
          const name = t(`govBadges.${icon}.name`);
          return (
            <li
              key={icon}
              className={cx(
                'rounded-md px-2 py-0.5 text-xs font-bold',
                // Letter-spacing suits Latin acronyms only: it breaks the joins of a right-to-left
                // script (Arabic, Farsi). (`ltr:` too, for the typography lint.)
                direction(lang) === 'ltr' && 'ltr:tracking-wide',
                tone === 'dark' ? 'bg-white/10 text-white ring-1 ring-white/20' : 'bg-brand-50 text-brand-800 ring-1 ring-brand-100',
              )}
            >
              {short === name ? (
                name
              ) : (
                <>
                  <span aria-hidden="true" title={name}>
                    {short}
                  </span>
                  <span className="sr-only">{name}</span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

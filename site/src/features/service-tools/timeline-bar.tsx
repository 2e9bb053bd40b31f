import { useTranslation } from '@/i18n';
import { direction, localDigits } from '@/shared/languages';
import './strings';

/** The scale of the bar, in working days: the range's end rounded up to a multiple of 5. */
export function timelineScale(max: number): number {
  return Math.max(5, Math.ceil(max / 5) * 5);
}

/** A share of the bar as an SVG length: `26.667%` (three decimals are well under a pixel). */
const percent = (share: number) => `${Math.round(share * 100_000) / 1000}%`;

/**
 * A service's working days as a bar: a track from day 0 to the scale's end, the range filled
 * (day `min` to day `max`), the two figures under its ends. Screen readers get one sentence
 * with the content's numbers instead of the drawing.
 *
 * Drawn with SVG attributes, not `style`: the Content-Security-Policy allows no inline style
 * (`style-src 'self'`), and the range's place comes from the data. SVG's `x` and `width` take
 * percentages of the track. SVG coordinates run left to right in both languages, so the
 * right-to-left bar is placed from the right here, and its figures anchored at their other side.
 */
export function TimelineBar({ min, max }: { min: number; max: number }) {
  const { t, lang } = useTranslation();
  const scale = timelineScale(max);
  const from = (min - 1) / scale; // where the range starts, from the start side
  const to = max / scale; // where it ends
  const rtl = direction(lang) === 'rtl';
  // From the left edge: the range's left and right ends, and the track's end.
  const [left, right, end] = rtl ? [1 - to, 1 - from, 0] : [from, to, 1];
  // The count is the last number read, which decides the form of «يوم عمل» in Arabic.
  const label = min === max ? t('serviceTools.timelineSame', { count: min }) : t('serviceTools.timelineRange', { min, count: max });
  // `min` runs from the range's start towards its end, `max` from its end back towards its
  // start, the scale's end back from the track's end (anchors of left-to-right text).
  const [towardsEnd, towardsStart] = rtl ? (['end', 'start'] as const) : (['start', 'end'] as const);
  return (
    <div className="mt-3" data-timeline-bar>
      <p className="sr-only">{label}</p>
      <div aria-hidden="true">
        <div className="relative h-2.5 rounded-full bg-white ring-1 ring-brand-200 print:border print:border-slate-400" data-timeline-track>
          <svg className="absolute inset-0 size-full overflow-visible">
            <rect
              x={percent(left)}
              width={percent(right - left)}
              height="100%"
              rx="5"
              className="fill-brand-600 [rx:calc(var(--spacing)*1.25)] print:fill-slate-700"
              data-timeline-fill
            />
          </svg>
        </div>
        <svg className="mt-1 block h-5 w-full overflow-visible fill-current text-xs font-semibold text-brand-900 tabular-nums" direction="ltr">
          <text x={percent(rtl ? right : left)} y="35%" dominantBaseline="central" textAnchor={towardsEnd} data-timeline-min>
            {localDigits(lang, min)}
          </text>
          {max !== min ? (
            <text x={percent(rtl ? left : right)} y="35%" dominantBaseline="central" textAnchor={towardsStart} data-timeline-max>
              {localDigits(lang, max)}
            </text>
          ) : null}
          {scale !== max ? (
            <text x={percent(end)} y="35%" dominantBaseline="central" textAnchor={towardsStart} className="fill-slate-500" data-timeline-scale>
              {localDigits(lang, scale)}
            </text>
          ) : null}
        </svg>
      </div>
    </div>
  );
}

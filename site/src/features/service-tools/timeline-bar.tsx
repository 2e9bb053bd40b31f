import { useTranslation } from '@/i18n';
import './strings';

/** The scale of the bar, in working days: the range's end rounded up to a multiple of 5. */
export function timelineScale(max: number): number {
  return Math.max(5, Math.ceil(max / 5) * 5);
}

/**
 * A service's working days as a bar: a track from day 0 to the scale's end, the range filled
 * (day `min` to day `max`), the two figures under its ends. Screen readers get one sentence
 * with the content's numbers instead of the drawing.
 */
export function TimelineBar({ min, max }: { min: number; max: number }) {
  const { t } = useTranslation();
  const scale = timelineScale(max);
  const start = ((min - 1) / scale) * 100;
  const width = ((max - min + 1) / scale) * 100;
  // The count is the last number read, which decides the form of «يوم عمل» in Arabic.
  const label = min === max ? t('serviceTools.timelineSame', { count: min }) : t('serviceTools.timelineRange', { min, count: max });
  return (
    <div className="mt-3" data-timeline-bar>
      <p className="sr-only">{label}</p>
      <div aria-hidden="true">
        <div className="relative h-2.5 rounded-full bg-white ring-1 ring-brand-200 print:border print:border-slate-400">
          <div className="absolute inset-y-0 rounded-full bg-brand-600 print:bg-slate-700" style={{ insetInlineStart: `${start}%`, width: `${width}%` }} />
        </div>
        <div className="relative mt-1 h-5 text-xs font-semibold text-brand-900 tabular-nums">
          <span className="absolute" style={{ insetInlineStart: `${start}%` }}>{min}</span>
          {max !== min ? (
            <span className="absolute -translate-x-full rtl:translate-x-full" style={{ insetInlineStart: `${start + width}%` }}>{max}</span>
          ) : null}
          {scale !== max ? <span className="absolute end-0 text-slate-500">{scale}</span> : null}
        </div>
      </div>
    </div>
  );
}

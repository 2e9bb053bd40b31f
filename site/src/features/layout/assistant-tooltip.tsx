import * as Tooltip from '@radix-ui/react-tooltip';
import { useRef, useState, type ReactElement } from 'react';
import type { Lang } from '@/shared/page-data';
import { direction, fontClass } from '@/shared/languages';

/** Hover time, in ms, before the assistant button's tooltip opens. */
export const TOOLTIP_DELAY = 700;
/** Time, in ms, after a tooltip closes during which another opens without the delay. */
export const TOOLTIP_SKIP_DELAY = 300;

/** How long after a touch on the button a focus is the touch's, in ms. */
const TOUCH_FOCUS_MS = 1000;

/**
 * The floating assistant button's tooltip (Radix Tooltip, loaded as its own chunk). Not opened
 * by the focus a tap gives the button: Radix opens on any focus that follows the pointer's
 * release, and on a phone that drew the tooltip (floating-ui's positioning, 65 ms at 4× CPU
 * slowdown) in the tap's frame, before the navigation it starts (issue 52).
 */
export function AssistantTooltip({ text, lang, side, children }: { text: string; lang: Lang; side: 'left' | 'right'; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const touched = useRef(-Infinity);
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY} skipDelayDuration={TOOLTIP_SKIP_DELAY}>
      <Tooltip.Root open={open} onOpenChange={(next) => setOpen(next && performance.now() - touched.current > TOUCH_FOCUS_MS)}>
        <Tooltip.Trigger
          asChild
          onPointerDown={(event) => {
            if (event.pointerType === 'touch') touched.current = performance.now();
          }}
        >
          {children}
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side={side}
            sideOffset={10}
            lang={lang}
            dir={direction(lang)}
            className={`z-50 max-w-60 rounded-lg bg-slate-900 px-3 py-2 text-sm font-semibold text-white shadow-lg ${fontClass(lang)}`}
          >
            {text}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactElement } from 'react';
import type { Lang } from '@/shared/page-data';
import { direction, fontClass } from '@/shared/languages';

/** Hover time, in ms, before the assistant button's tooltip opens. */
export const TOOLTIP_DELAY = 700;
/** Time, in ms, after a tooltip closes during which another opens without the delay. */
export const TOOLTIP_SKIP_DELAY = 300;

/** The floating assistant button's tooltip (Radix Tooltip, loaded as its own chunk). */
export function AssistantTooltip({ text, lang, side, children }: { text: string; lang: Lang; side: 'left' | 'right'; children: ReactElement }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY} skipDelayDuration={TOOLTIP_SKIP_DELAY}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
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

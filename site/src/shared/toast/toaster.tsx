import * as ToastPrimitive from '@radix-ui/react-toast';
import * as LucideX from 'lucide-react/icons/x';
import { lean } from '@/shared/ui/lean-icon';
import { useTranslation } from '@/i18n';
import { cx } from '@/shared/class-names';
import { TOAST_DURATION, TOAST_SWIPE_THRESHOLD } from './toast-store';
import { useToast } from './use-toast';

const X = lean(LucideX);

/**
 * The notification region (Radix Toast): one toast at a time, auto-dismissed after 5 s, swiped
 * right by 50 px to dismiss, F8 moves focus to it. Green with white, right-aligned text.
 */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label={t('toast.label')}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          data-variant={item.variant ?? 'default'}
          className={cx(
            'pointer-events-auto relative w-full overflow-hidden rounded-xl border py-4 pl-12 pr-4 text-right text-white shadow-xl',
            'transition-[transform,opacity] duration-200 data-[state=closed]:opacity-0',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            item.variant === 'destructive' ? 'border-red-800 bg-red-700' : 'border-brand-800 bg-brand-700',
          )}
        >
          <ToastPrimitive.Title className="block text-right font-bold" dir="auto">{item.title}</ToastPrimitive.Title>
          {item.description ? (
            <ToastPrimitive.Description className="mt-1 block text-right text-sm leading-relaxed text-white" dir="auto">
              {item.description}
            </ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close
            aria-label={t('toast.close')}
            className="absolute left-2 top-2 rounded-md p-1.5 text-white/90 hover:bg-white/15 hover:text-white"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label={t('toast.viewport')}
        className="fixed right-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}

import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from '@/shared/class-names';

export type ButtonVariant = 'default' | 'destructive' | 'outline' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

const BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors ' +
  'disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:shrink-0';

/** Colours per variant, on light surfaces (the default) and on the dark green bands. */
const VARIANTS: Record<'light' | 'dark', Record<ButtonVariant, string>> = {
  light: {
    default: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
    destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
    outline: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
    secondary: 'bg-brand-50 text-brand-900 hover:bg-brand-100',
    ghost: 'text-slate-700 hover:bg-brand-50 hover:text-brand-800',
    link: 'text-brand-700 underline-offset-4 hover:underline',
  },
  dark: {
    default: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
    destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
    outline: 'border border-white/45 bg-transparent text-white hover:bg-white/10',
    secondary: 'bg-white/10 text-white hover:bg-white/20',
    ghost: 'text-white hover:bg-white/10',
    link: 'text-white underline-offset-4 hover:underline',
  },
};

const SIZES: Record<ButtonSize, string> = {
  default: 'h-10 px-4 text-sm [&_svg]:size-4',
  sm: 'h-9 px-3 text-sm [&_svg]:size-4',
  lg: 'h-12 px-6 text-base [&_svg]:size-5',
  icon: 'size-10 [&_svg]:size-5',
};

/** The classes of a button, for links that look like buttons (`<Link className={buttonVariants()}>`). */
export function buttonVariants({
  variant = 'default',
  size = 'default',
  surface = 'light',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; surface?: 'light' | 'dark'; className?: string } = {}): string {
  return cx(BASE, VARIANTS[surface][variant], SIZES[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The colour of what the button sits on (default: light). */
  surface?: 'light' | 'dark';
}

/** A button in one of the site's variants and sizes; `type` defaults to "button". */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, surface, className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonVariants({ variant, size, surface, className })} {...props} />;
});

// Lucide writes five presentation attributes on every icon (`xmlns`, `fill="none"`,
// `stroke="currentColor"`, `stroke-linecap="round"`, `stroke-linejoin="round"`: 117 bytes); the
// stylesheet gives every `.lucide` the same values once (styles.css), so `lean(...)` leaves them
// out and the icon looks the same. A page's 21 icons are 2.5 KB lighter. `xmlns` is only needed
// in an SVG file, not in HTML.
//
// `lean(module)` takes an icon's module (`import * as LucidePhone from
// 'lucide-react/icons/phone'`) and draws the icon from the drawing the module holds
// (`__iconData`): lucide-react's own component rebuilt the drawing's elements and merged its
// class names on every render, a fifth of a page's server render in the render workers' CPU
// profile. The markup is Lucide's, byte for byte (`__tests__/lean-icon.test.tsx` compares every
// icon the app uses, with the props it passes); a module without that drawing (another
// lucide-react) gets Lucide's component, wrapped as before. In builds an icon module holds its
// drawing alone (site/vite-plugins/lucide-icon-data.ts): Lucide's component code stays out.
//
// This module imports no icon (only Lucide's types): each module wraps the icons it imports
// itself, so every icon stays in the chunk of the screen that shows it.
//
// A lean icon takes no `color` and no `style`: Lucide writes them as a `style` attribute, which
// the Content-Security-Policy refuses (`style-src 'self'`). An icon takes its colour from the
// text's (`className="text-brand-600"`: the stylesheet strokes with `currentColor`).
import { createElement, forwardRef, type ForwardRefExoticComponent, type ReactNode, type RefAttributes } from 'react';
import type { LucideIcon, LucideProps } from 'lucide-react';

/** An icon's drawing as a lucide-react icon module holds it. */
export type IconData = {
  name?: string;
  size?: number;
  width?: number;
  height?: number;
  aliases?: unknown[];
  node: [string, Record<string, string | number>][];
};

/**
 * What `import * as X from 'lucide-react/icons/x'` gives: its drawing (`__iconData`), and its
 * component except in builds.
 */
export type IconModule = { default?: LucideIcon; __iconData?: unknown };

/** A lean icon's props: Lucide's without the two it would write as a `style` attribute. */
export type LeanIconProps = Omit<LucideProps, 'color' | 'style'>;
/** An icon as `lean` makes it. */
export type LeanIcon = ForwardRefExoticComponent<LeanIconProps & RefAttributes<SVGSVGElement>>;

/** The module's drawing, if it holds one in the shape this module draws. */
export function iconData(icon: IconModule): IconData | null {
  const data = icon.__iconData as Partial<IconData> | undefined;
  const drawable =
    data !== undefined &&
    Array.isArray(data.node) &&
    data.node.every((n) => Array.isArray(n) && typeof n[0] === 'string' && typeof n[1] === 'object');
  return drawable ? (data as IconData) : null;
}

/**
 * The icon without the attributes the stylesheet gives every icon, and without a `style`
 * attribute whatever an untyped caller passes. (Icons here are never inside Lucide's context
 * provider, which this drawing does not read.)
 */
export function lean(icon: IconModule | LucideIcon): LeanIcon {
  if (!isModule(icon)) return wrapped(icon);
  const data = iconData(icon);
  if (data) return drawn(data);
  if (!icon.default) throw new Error('lean: an icon module with neither a drawing nor a component');
  return wrapped(icon.default);
}

/** A module (`import * as X`) rather than a component: it holds a drawing or a default export. */
function isModule(icon: IconModule | LucideIcon): icon is IconModule {
  return '__iconData' in icon || 'default' in icon;
}

/** The name Lucide gives an icon's component (for React DevTools): `circle-check` → `CircleCheck`. */
function componentName(name: string): string {
  return name.replace(/(?:^|[\s_-]+)(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** lucide-react's component with the five attributes, `color` and `style` left out. */
function wrapped(Icon: LucideIcon): LeanIcon {
  const Lean = forwardRef<SVGSVGElement, LucideProps>(({ color: _color, style: _style, ...props }, ref) => (
    <Icon
      ref={ref}
      xmlns={undefined}
      fill={undefined}
      stroke={undefined}
      strokeLinecap={undefined}
      strokeLinejoin={undefined}
      {...props}
    />
  ));
  Lean.displayName = Icon.displayName;
  return Lean;
}

/** Class names as Lucide merges them: split at whitespace, each once, in order. */
function mergeClasses(...classes: unknown[]): string {
  const tokens = new Set<string>();
  for (const cls of classes) {
    if (typeof cls !== 'string') continue; // as Lucide's: an untyped caller's `null` is no class
    for (const token of cls.split(/\s+/)) if (token) tokens.add(token);
  }
  return [...tokens].join(' ');
}

/** Whether Lucide counts the props as naming the icon (then it is not hidden from readers). */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const prop in props) {
    if ((prop.startsWith('aria-') || prop === 'role' || prop === 'title') && props[prop] != null) return true;
  }
  return false;
}

/**
 * The icon drawn from its data, as lucide-react 1.x's `Icon` draws it with the five attributes
 * left out: the same attributes in the same order, the drawing's elements made once.
 */
function drawn(data: IconData): LeanIcon {
  const own = [
    'lucide',
    ...(data.name ? [`lucide-${data.name}`] : []),
    ...(data.aliases ?? []).filter((a): a is string => typeof a === 'string' && a.trim() !== '').map((a) => `lucide-${a}`),
  ];
  const drawingSize = data.size ?? data.width ?? 24;
  const viewBox = `0 0 ${drawingSize} ${data.size ?? data.height ?? 24}`;
  const drawing = data.node.map(([tag, attrs]) => createElement(tag, attrs));
  // The class lists a page asks for are few: each is merged once.
  const classNames = new Map<string, string>();
  const classNameFor = (className: string) => {
    let merged = classNames.get(className);
    if (merged === undefined) {
      merged = mergeClasses(own.join(' '), className);
      if (classNames.size < 64) classNames.set(className, merged);
    }
    return merged;
  };
  const Drawn = forwardRef<SVGSVGElement, LucideProps>(
    (
      {
        color: _color,
        style: _style,
        size,
        width,
        height,
        strokeWidth,
        absoluteStrokeWidth,
        nonScalingStroke,
        className = '',
        children,
        xmlns,
        fill,
        stroke,
        strokeLinecap,
        strokeLinejoin,
        viewBox: givenViewBox,
        ...rest
      },
      ref,
    ) => {
      const shownWidth = width ?? size ?? 24;
      const props: Record<string, unknown> = {
        ref,
        xmlns,
        width: shownWidth,
        height: height ?? size ?? 24,
        viewBox: givenViewBox ?? viewBox,
        fill,
        stroke,
        strokeWidth: absoluteStrokeWidth
          ? (Number(strokeWidth ?? 2) * Number(drawingSize)) / Number(shownWidth)
          : (strokeWidth ?? 2),
        strokeLinecap,
        strokeLinejoin,
        className: classNameFor(className),
      };
      if (!(Boolean(children) || hasA11yProp(rest))) props['aria-hidden'] = 'true';
      Object.assign(props, rest);
      const elements = nonScalingStroke
        ? data.node.map(([tag, attrs]) => createElement(tag, { vectorEffect: 'non-scaling-stroke', ...attrs }))
        : drawing;
      return createElement('svg', props, [...elements, ...(Array.isArray(children) ? children : [children as ReactNode])]);
    },
  );
  if (data.name) Drawn.displayName = componentName(data.name);
  return Drawn;
}

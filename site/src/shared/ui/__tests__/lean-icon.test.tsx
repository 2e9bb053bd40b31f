import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRef, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { render } from '@testing-library/react';
import * as Phone from 'lucide-react/icons/phone';
import { describe, expect, it } from 'vitest';
import { iconData, lean, type IconModule } from '@/shared/ui/lean-icon';

const LeanPhone = lean(Phone);
const REPEATED = ['xmlns', 'fill', 'stroke', 'stroke-linecap', 'stroke-linejoin'];

// Every icon module the app imports (`import * as X from 'lucide-react/icons/<name>'`).
const src = join(__dirname, '../../..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
const used = [
  ...new Set(sources(src).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/from 'lucide-react\/icons\/([a-z0-9-]+)'/g)].map((m) => m[1]!))),
].sort();
const modules = import.meta.glob<IconModule>('../../../../../node_modules/lucide-react/dist/esm/icons/*.mjs');
const load = (name: string) => {
  const loader = modules[`../../../../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`];
  if (!loader) throw new Error(`no lucide-react module for ${name}`);
  return loader();
};

// The props the app passes to icons, and the others Lucide's component takes.
// (`data-*` and `title` are props React writes as attributes; Lucide's types leave them out.)
const PROPS = [
  {},
  { className: 'size-5' },
  { className: 'size-4 shrink-0  size-4', 'aria-hidden': 'true' },
  { className: 'size-6 text-primary-600 rtl:rotate-180', strokeWidth: 3.4 },
  { size: 18 },
  { fill: '#fbbf24', className: 'size-4' },
  { 'aria-label': 'اتصل بنا', role: 'img' },
  { title: 'Phone' },
  { width: 20, height: 16, strokeWidth: '1.5' },
  { absoluteStrokeWidth: true, size: 48 },
  { nonScalingStroke: true, 'data-x': 'y', id: 'icon' },
  { id: 'icon', 'data-x': 'y', 'aria-describedby': 'd' },
  { children: <title>هاتف</title> },
] as ComponentProps<typeof LeanPhone>[];

describe('lean', () => {
  it('leaves out the attributes the stylesheet gives every icon, and keeps the rest', () => {
    const html = renderToStaticMarkup(<LeanPhone className="size-5" aria-hidden="true" />);
    for (const name of REPEATED) expect(html).not.toContain(` ${name}=`);
    expect(html).toContain('class="lucide lucide-phone size-5"');
    expect(html).toContain('viewBox="0 0 24 24"');
    expect(html).toContain('<path d="M13.832 16.568');
    // Lucide's own icon, for comparison, writes all five.
    const plain = renderToStaticMarkup(<Phone.default />);
    for (const name of REPEATED) expect(plain).toContain(` ${name}=`);
  });

  it('never writes a style attribute, which the Content-Security-Policy refuses', () => {
    // The types take no `color` or `style`; an untyped caller's are left out.
    const untyped = { color: '#b91c1c', style: { opacity: 0.5 } } as object;
    for (const Icon of [LeanPhone, lean(Phone.default)]) {
      const html = renderToStaticMarkup(<Icon className="size-5 text-red-700" {...untyped} />);
      expect(html).not.toContain('style=');
      expect(html).not.toContain(' stroke=');
      expect(html).toContain('class="lucide lucide-phone size-5 text-red-700"');
    }
  });

  it('forwards its ref to the svg element and keeps a name for React DevTools', () => {
    const ref = createRef<SVGSVGElement>();
    render(<LeanPhone ref={ref} />);
    expect(ref.current?.tagName.toLowerCase()).toBe('svg');
    expect(LeanPhone.displayName).toBe(Phone.default.displayName);
  });

  it('finds the icons the app uses', () => {
    expect(used.length).toBeGreaterThan(40);
    expect(used).toContain('phone');
    expect(used).toContain('circle-check');
  });

  it('draws every icon the app uses from its data, exactly as Lucide draws it, whatever the props', async () => {
    for (const name of used) {
      const module = await load(name);
      // The fast drawing is used, not Lucide's component...
      expect(iconData(module), name).not.toBeNull();
      const Drawn = lean(module);
      // ...and it writes what Lucide's component (with the five attributes left out) writes.
      // (Tests load the modules whole; a build leaves the component out, vite-plugins/lucide-icon-data.ts.)
      const Wrapped = lean(module.default!);
      expect(Drawn.displayName, name).toBe(Wrapped.displayName);
      for (const props of PROPS) {
        // Rendered twice: the drawing's elements and class names are made once and reused.
        for (let i = 0; i < 2; i++) {
          expect(renderToStaticMarkup(<Drawn {...props} />), `${name} ${JSON.stringify(props)}`).toBe(
            renderToStaticMarkup(<Wrapped {...props} />),
          );
        }
      }
    }
  });

  it('draws a module that holds its drawing alone, as a build leaves it, under Lucide’s name', async () => {
    for (const name of used) {
      const module = await load(name);
      const built: IconModule = { __iconData: (module as { __iconData?: unknown }).__iconData };
      const Drawn = lean(built);
      const Whole = lean(module);
      expect(Drawn.displayName, name).toBe(module.default!.displayName);
      expect(renderToStaticMarkup(<Drawn className="size-5" />), name).toBe(renderToStaticMarkup(<Whole className="size-5" />));
    }
  });

  it('falls back to Lucide’s component for a module without a drawing it can read', () => {
    const broken = { default: Phone.default, __iconData: { name: 'phone', node: 'not a list' } } as unknown as IconModule;
    expect(iconData(broken)).toBeNull();
    const Broken = lean(broken);
    expect(renderToStaticMarkup(<Broken className="x" />)).toBe(renderToStaticMarkup(<LeanPhone className="x" />));
  });
});

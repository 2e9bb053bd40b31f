// Leaves lucide-react's component out of the icon modules the app imports, in builds.
//
// The app draws every icon from the drawing its module holds (`__iconData`, see
// src/shared/ui/lean-icon.tsx) and never renders Lucide's component; yet each icon module
// builds one (`const Phone = createLucideIcon(__iconData)`) when it is evaluated, and exports it
// as its default, so `createLucideIcon`, Lucide's `Icon` and their helpers stayed in every
// page's entry (2.3 KB gzip) and ran once per icon as the page started.
//
// This transform, on lucide-react's icon modules only, in builds only (the unit tests compare
// the app's drawing with Lucide's component, and so keep it), leaves the module its drawing
// alone: `export { __iconData }`. An icon module that no longer reads as expected (an upgrade)
// fails the build here rather than shipping the component unnoticed; `scripts/check-budgets.mjs`
// checks the component stays out of the entry.
import type { Plugin } from 'vite';

const FILE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;

const SHAPE = [
  /^import createLucideIcon from '\.\.\/createLucideIcon\.mjs';$/m,
  /^const ([\w$]+) = createLucideIcon\(__iconData\);$/m,
  /^export \{ __iconData, ([\w$]+) as default \};$/m,
];

export function lucideIconData(): Plugin {
  return {
    name: 'sahel:lucide-icon-data',
    apply: 'build',
    transform(code, id) {
      if (!FILE.test(id)) return null;
      const alias = code.match(/^export \{ default \} from '\.\/([\w-]+)\.mjs';$/m);
      if (alias) throw new Error(`site/vite-plugins/lucide-icon-data.ts: ${id} is an alias, without a drawing: import 'lucide-react/icons/${alias[1]}'`);
      const [imported, built, exported] = SHAPE.map((re) => code.match(re));
      if (!imported || !built || !exported || built[1] !== exported[1]) {
        throw new Error(`site/vite-plugins/lucide-icon-data.ts: lucide-react's ${id} no longer reads as expected; look at the transform again (or remove it)`);
      }
      // Each statement is emptied on its own line, so the source map of the others still holds.
      const out = code.replace(imported[0], '').replace(built[0], '').replace(exported[0], 'export { __iconData };');
      return { code: out, map: null };
    },
  };
}

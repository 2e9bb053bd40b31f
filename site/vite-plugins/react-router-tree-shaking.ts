// Lets the bundler drop the parts of React Router the app does not use.
//
// The app takes only `BrowserRouter`/`StaticRouter`, `useLocation`, `useNavigate` and `Navigate`
// from React Router (it matches routes and writes links itself), yet the browser's entry carried
// most of the library: `Link`, `NavLink`, `Form`, `useSubmit`, the prefetching, the route
// matching and its error boundary (35 KB minified of 45). React Router's production build
// defines its components as `var NavLink = React.forwardRef(...)` without a `@__PURE__`
// annotation, and then writes `NavLink.displayName = "NavLink"`: to the bundler both are side
// effects, so every such component and all it calls stay in the bundle.
//
// This transform, on React Router's own production files only:
// - marks `React.forwardRef(...)`, `React.createContext(...)` and `React.memo(...)` as pure
//   (they are: they only build an object);
// - drops the `X.displayName = "..."` statements (names for React's developer tools, which
//   the development build keeps);
// - turns `X.contextType = Y;` after a class into a static field of that class, so the class
//   goes with its uses (the same field, set when the class is defined rather than after).
// What the app uses is unchanged. `scripts/check-budgets.mjs` checks the result stays out
// (`NavLink` and `Form` are not in the entry).
import type { Plugin } from 'vite';

const FILES = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'sahel:react-router-tree-shaking',
    transform(code, id) {
      if (!FILES.test(id)) return null;
      let out = code.replace(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1');
      out = out.replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
      for (const [statement, name = '', value = ''] of [...out.matchAll(/^([\w$]+)\.contextType = ([\w$]+);$/gm)]) {
        const head = new RegExp(`^(var ${name.replace(/\$/g, '\\$')} = class extends [\\w$.]+ \\{)$`, 'm');
        // A class written another way keeps its statement (and the bundle keeps the class).
        if (!head.test(out)) continue;
        out = out.replace(head, `$1 static contextType = ${value};`).replace(statement, '');
      }
      // The lines stay where they were (only statements on their own line are emptied), so the
      // source map of the untouched lines still holds.
      return { code: out, map: null };
    },
  };
}

// Lets the bundler drop the two parts of i18next the app replaces or never uses.
//
// i18next's `init` always refers to its built-in formatter (`Formatter`: `{{value, number}}`,
// dates, relative times and lists through `Intl`) and always builds a `BackendConnector` (the
// loading, retrying and queueing of strings a backend module fetches). The app gives i18next
// its own formatter module (`digitsFormatter` in src/i18n/index.ts) and no backend (every
// catalogue is given as resources, `initAsync: false`), so neither runs; yet both classes stay
// in every page's entry (about 2 KB gzip) and in the server bundle, since `init` names them.
//
// This transform, on i18next's ES module only:
// - takes the app's formatter module where i18next would fall back to its own: an instance
//   without a formatter module fails at `init` (loudly, naming this file) instead of
//   formatting with a formatter left out;
// - gives the instance, in place of a `BackendConnector`, the part of it i18next reads when there
//   is no backend: the event emitter, an empty `state`, and `load`/`reload` that call back at
//   once (what the connector does without a backend, less its debug warning). An instance given
//   a backend module fails at `init`.
// What the app uses is unchanged. If i18next's code no longer reads as expected (an upgrade),
// the build fails here rather than shipping the classes unnoticed; `scripts/check-budgets.mjs`
// checks that both stay out of the entry.
import type { Plugin } from 'vite';

const FILE = /[\\/]i18next[\\/]dist[\\/]esm[\\/]i18next\.js$/;

const LEFT_OUT = 'is left out of the bundle (site/vite-plugins/i18next-trim.ts)';

const REPLACEMENTS: [string, string][] = [
  ['formatter = Formatter;', `throw new Error('i18next needs a formatter module: its built-in formatter ${LEFT_OUT}');`],
  [
    's.backendConnector = new Connector(createClassOnDemand(this.modules.backend), s.resourceStore, s, this.options);',
    `if (this.modules.backend) throw new Error('i18next backends need its BackendConnector, which ${LEFT_OUT}'); s.backendConnector = Object.assign(new EventEmitter(), { state: {}, load: (languages, namespaces, callback) => callback?.(), reload: (languages, namespaces, callback) => callback?.() });`,
  ],
];

export function i18nextTrim(): Plugin {
  return {
    name: 'sahel:i18next-trim',
    transform(code, id) {
      if (!FILE.test(id)) return null;
      let out = code;
      for (const [from, to] of REPLACEMENTS) {
        if (out.split(from).length !== 2) {
          throw new Error(`site/vite-plugins/i18next-trim.ts: i18next's ${id} no longer holds \`${from}\` once; look at the transform again (or remove it)`);
        }
        out = out.replace(from, to);
      }
      // Each statement is replaced on its own line, so the source map of the others still holds.
      return { code: out, map: null };
    },
  };
}

// CodeMirror's styles under the editor's CSP (`style-src 'self'`, no 'unsafe-inline'). Its
// style-mod library mounts a document's styles as a <style> element (it adopts constructed
// sheets only in shadow roots), which that policy blocks, leaving the editor unstyled. This
// mounts them in one constructed CSSStyleSheet adopted by the document instead (CSSOM, which the
// policy allows), keeping style-mod's order of modules. Where constructed sheets are missing
// (jsdom, old browsers) style-mod's own way stays.
import { StyleModule } from 'style-mod';

interface Mounted {
  sheet: CSSStyleSheet;
  modules: StyleModule[];
}

const mounted = new WeakMap<Document, Mounted>();

function supported(doc: Document): boolean {
  const win = doc.defaultView;
  return !!win && 'adoptedStyleSheets' in doc && typeof win.CSSStyleSheet === 'function' && 'replaceSync' in win.CSSStyleSheet.prototype;
}

/** Where style-mod would put each module, as its StyleSet.mount orders them. */
export function orderModules(current: StyleModule[], given: readonly StyleModule[]): boolean {
  let j = 0;
  let changed = false;
  for (const mod of given) {
    let index = current.indexOf(mod);
    if (index < j && index > -1) {
      current.splice(index, 1);
      changed = true;
      j--;
      index = -1;
    }
    if (index === -1) {
      current.splice(j++, 0, mod);
      changed = true;
    } else {
      j = index + 1;
    }
  }
  return changed;
}

let installed = false;

export function installAdoptedStyles(): void {
  if (installed) return;
  installed = true;
  const original = StyleModule.mount.bind(StyleModule);
  StyleModule.mount = (root, modules, options) => {
    const doc = root as Document;
    if (!(typeof Document !== 'undefined' && root instanceof Document) || !supported(doc)) {
      original(root, modules, options);
      return;
    }
    let set = mounted.get(doc);
    if (!set) {
      const win = doc.defaultView as Window & typeof globalThis;
      set = { sheet: new win.CSSStyleSheet(), modules: [] };
      mounted.set(doc, set);
    }
    const list = Array.isArray(modules) ? (modules as readonly StyleModule[]) : [modules as StyleModule];
    if (orderModules(set.modules, list)) set.sheet.replaceSync(set.modules.map((m) => m.getRules()).join('\n'));
    // Adopted sheets come after editor.css in the cascade: its CodeMirror rules are written
    // specific enough (`.code-editor .cm-editor...`) to win over the themes' where they differ.
    if (!doc.adoptedStyleSheets.includes(set.sheet)) doc.adoptedStyleSheets = [set.sheet, ...doc.adoptedStyleSheets];
  };
}

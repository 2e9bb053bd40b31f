/// <reference types="vite/client" />

/** The site's language table, in order (`vite.config.ts`; read through `shared/languages.ts`). */
declare const __SAHEL_LANGUAGES__: readonly import('./shared/languages').Language[];

// Every language's strings file, by language code (`vite-plugins/strings-modules.ts`). Typed
// from the English files, which every language's files mirror.
declare module 'virtual:sahel/catalogues' {
  const loaders: Readonly<Record<string, () => Promise<{ default: import('./i18n').Catalogue }>>>;
  export default loaders;
}
declare module 'virtual:sahel/strings/common' {
  const strings: Readonly<Record<string, typeof import('./i18n/en/common.json')>>;
  export default strings;
}
declare module 'virtual:sahel/strings/contact' {
  const strings: Readonly<Record<string, typeof import('./i18n/en/contact.json')>>;
  export default strings;
}
declare module 'virtual:sahel/strings/assistant' {
  const strings: Readonly<Record<string, typeof import('./i18n/en/assistant.json')>>;
  export default strings;
}
declare module 'virtual:sahel/strings/service' {
  const strings: Readonly<Record<string, typeof import('./i18n/en/service.json')>>;
  export default strings;
}
declare module 'virtual:sahel/strings/faq' {
  const strings: Readonly<Record<string, typeof import('./i18n/en/faq.json')>>;
  export default strings;
}
declare module 'virtual:sahel/strings/handoff' {
  const strings: Readonly<Record<string, typeof import('./i18n/en/handoff.json')>>;
  export default strings;
}

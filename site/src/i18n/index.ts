// Interface strings, split by locale and namespace, with typed keys.
import i18next, { type i18n as I18n } from 'i18next';
import arCommon from './ar/common.json';
import enCommon from './en/common.json';
import type { Lang } from '@/shared/page-data';

export const resources = {
  ar: { common: arCommon },
  en: { common: enCommon },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}

const instances = new Map<Lang, I18n>();

/** One initialised i18next instance per language, created synchronously on first use. */
export function i18nFor(lang: Lang): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: false,
      resources,
      defaultNS: 'common',
      ns: ['common'],
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(lang, instance);
  }
  return instance;
}

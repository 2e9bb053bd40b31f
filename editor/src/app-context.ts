// What every view shares: the API client and the site's description (GET /site).
import { createContext, useContext } from 'react';
import type { CollectionInfo, Language, SiteInfo } from './api';
import type { Client } from './client';

export interface AppContextValue {
  client: Client;
  site: SiteInfo;
  reloadSite: () => Promise<void>;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error('useApp outside the app');
  return ctx;
}

export function findCollection(site: SiteInfo, name: string): CollectionInfo | undefined {
  return site.collections.find((c) => c.name === name);
}

export function sourceLanguage(site: SiteInfo): Language | null {
  return site.languages.find((l) => l.default) ?? site.languages[0] ?? null;
}

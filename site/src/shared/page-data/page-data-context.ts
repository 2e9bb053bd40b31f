import { createContext } from 'react';
import type { RouteData } from '@/shared/page-data';

export interface PageDataState {
  /** The data of the page on screen (the previous page while the next one loads). */
  data: RouteData;
  /** The next page's data is being fetched. */
  loading: boolean;
  /** The current path has no page data (unknown blog post or unknown path). */
  missing: boolean;
}

export const PageDataContext = createContext<PageDataState | null>(null);

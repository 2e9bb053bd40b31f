import { useContext } from 'react';
import { PageDataContext, type PageDataState } from './page-data-context';

export function usePageData(): PageDataState {
  const state = useContext(PageDataContext);
  if (!state) throw new Error('usePageData needs a <PageDataProvider>');
  return state;
}

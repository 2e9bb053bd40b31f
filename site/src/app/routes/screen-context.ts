import { createContext, useContext } from 'react';
import type { ScreenSource } from './screen-types';

export const ScreenContext = createContext<ScreenSource | null>(null);

export function useScreens(): ScreenSource {
  const source = useContext(ScreenContext);
  if (!source) throw new Error('useScreens needs a <ScreenContext.Provider>');
  return source;
}

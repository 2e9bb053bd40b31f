import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { i18nFor } from '@/i18n';
import { DIRECTION, langFromPath, nextLanguage } from '@/shared/locale';
import type { Lang } from '@/shared/page-data';
import { switchLanguagePath } from '@/shared/paths';
import { LanguageContext, type LanguageState } from './language-context';

/**
 * The language context: the language follows the path's `ar`/`en` prefix (a path without one
 * keeps the current language), and the interface strings, `lang` and `dir` follow the language.
 * It also holds whether the assistant panel is open.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [stored, setStored] = useState<Lang>(() => langFromPath(pathname));
  // Adjusted during render (not in an effect), so the first render of a new path is already in
  // its language and the server and client markup agree.
  const language = nextLanguage(stored, pathname);
  if (language !== stored) setStored(language);

  const [assistantOpen, setAssistantOpen] = useState(false);
  const toggleAssistant = useCallback((open?: boolean) => setAssistantOpen((was) => open ?? !was), []);
  const switchLanguage = useCallback(
    (to: Lang) => {
      setStored(to);
      navigate(switchLanguagePath(pathname, to));
    },
    [navigate, pathname],
  );

  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = DIRECTION[language];
  }, [language]);

  const value = useMemo<LanguageState>(
    () => ({ language, switchLanguage, assistantOpen, toggleAssistant }),
    [language, switchLanguage, assistantOpen, toggleAssistant],
  );
  return (
    <LanguageContext.Provider value={value}>
      <I18nextProvider i18n={i18nFor(language)}>{children}</I18nextProvider>
    </LanguageContext.Provider>
  );
}

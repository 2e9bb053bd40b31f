import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loadCatalogue, translatorFor, TranslatorContext } from '@/i18n';
import { direction } from '@/shared/languages';
import { langFromPath, nextLanguage } from '@/shared/locale';
import type { Lang } from '@/shared/page-data';
import { switchLanguagePath } from '@/shared/paths';
import { LanguageContext, type LanguageState } from './language-context';

/**
 * The language context: the language follows the path's language prefix (`/ar/`; a path without
 * one keeps the current language), and the interface strings, `lang` and `dir` (the language
 * table's) follow the language.
 * It also holds whether the assistant panel is open.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [stored, setStored] = useState<Lang>(() => langFromPath(pathname));
  // Adjusted during render (not in an effect), so the first render of a new path is already in
  // its language and the server and client markup agree. A language whose strings are not
  // loaded yet (the page preloads only its own) is switched to once they arrive.
  const wanted = nextLanguage(stored, pathname);
  if (wanted !== stored && translatorFor(wanted)) setStored(wanted);
  const language = translatorFor(wanted) ? wanted : stored;
  useEffect(() => {
    if (wanted === stored) return;
    loadCatalogue(wanted).then(
      () => setStored(wanted),
      // Offline or a new deploy: a full load of the page brings its strings with it.
      () => window.location.assign(window.location.href),
    );
  }, [wanted, stored]);

  const [assistantOpen, setAssistantOpen] = useState(false);
  const toggleAssistant = useCallback((open?: boolean) => setAssistantOpen((was) => open ?? !was), []);
  const switchLanguage = useCallback(
    (to: Lang) => {
      // The other language's strings first, so the new page shows in one language at once.
      const go = () => navigate(switchLanguagePath(pathname, to));
      loadCatalogue(to).then(go, go);
    },
    [navigate, pathname],
  );

  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = direction(language);
  }, [language]);

  const value = useMemo<LanguageState>(
    () => ({ language, switchLanguage, assistantOpen, toggleAssistant }),
    [language, switchLanguage, assistantOpen, toggleAssistant],
  );
  return (
    <LanguageContext.Provider value={value}>
      <TranslatorContext.Provider value={translatorFor(language) ?? null}>{children}</TranslatorContext.Provider>
    </LanguageContext.Provider>
  );
}

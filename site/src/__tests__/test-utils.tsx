// Shared by the component tests: a minimal route's data and a render with the app's providers.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { LanguageProvider } from '@/shared/language/language-provider';
import { PageDataProvider } from '@/shared/page-data/page-data-provider';
import { direction } from '@/shared/languages';
import { langFromPath } from '@/shared/locale';
import { LinkNavigation } from '@/shared/routing/link';
import type { PageData, RouteData, Screen, SiteInfo } from '@/shared/page-data';

export const SITE: SiteInfo = {
  companyName: 'Nahj Business Services',
  phone: '+971 4 555 0100',
  whatsapp: '971505550100',
  email: 'info@example.ae',
  address: 'Business Bay, Dubai',
  hours: { opens: '09:00', closes: '20:00', days: 'Monday to Sunday' },
  year: 2031,
  serviceCount: 12,
  footerServices: [
    { id: 'gdrfa-icp', title: 'GDRFA and ICP' },
    { id: 'company-formation', title: 'Company formation' },
  ],
  backend: null,
};

/** The top of a screen below home. */
export const SCREEN: Screen = {
  title: 'Test',
  description: 'Test page',
  crumbs: [{ label: 'Home', path: '/en/' }],
};

export function routeData(path: string, page: PageData = { kind: 'contact' }): RouteData {
  const lang = langFromPath(path);
  return {
    path,
    lang,
    head: {
      lang,
      dir: direction(lang),
      tags: [
        { tag: 'title', attrs: [], text: 'Test' },
        { tag: 'meta', attrs: [['name', 'description'], ['content', 'Test page']] },
        { tag: 'link', attrs: [['rel', 'canonical'], ['href', `https://example.ae${path}`]] },
      ],
      jsonLd: [],
    },
    site: SITE,
    screen: SCREEN,
    page,
  };
}

/** Shows the router's current path, for assertions. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.hash}</output>;
}

/** Renders `ui` inside the app's router, page-data and language providers, at `path`. */
export function renderWithApp(ui: ReactElement, { path = '/en/', page }: { path?: string; page?: PageData } = {}): RenderResult {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <LinkNavigation>
        <PageDataProvider initial={routeData(path, page)}>
          <LanguageProvider>
            {children}
            <LocationProbe />
          </LanguageProvider>
        </PageDataProvider>
      </LinkNavigation>
    </MemoryRouter>
  );
  return render(ui, { wrapper });
}

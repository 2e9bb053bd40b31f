// One chunk per screen in the browser, so a visit downloads only the screens it shows.
import type { ScreenComponent, ScreenKind, ScreenSource } from './screen-types';

const LOADERS: Record<ScreenKind, () => Promise<ScreenComponent>> = {
  home: () => import('./home-screen').then((m) => m.HomeRoute),
  about: () => import('./long-page-screen').then((m) => m.AboutRoute),
  services: () => import('./services-screen').then((m) => m.ServicesRoute),
  service: () => import('./service-screen').then((m) => m.ServiceRoute),
  pricing: () => import('./pricing-screen').then((m) => m.PricingRoute),
  faq: () => import('./faq-screen').then((m) => m.FaqRoute),
  blog: () => import('./blog-screens').then((m) => m.BlogRoute),
  blogPost: () => import('./blog-screens').then((m) => m.BlogPostRoute),
  contact: () => import('./contact-screen').then((m) => m.ContactRoute),
  privacy: () => import('./long-page-screen').then((m) => m.PrivacyRoute),
  terms: () => import('./long-page-screen').then((m) => m.TermsRoute),
  assistantChat: () => import('./assistant-chat-screen').then((m) => m.AssistantChatRoute),
};

export function createClientScreens(): ScreenSource {
  const loaded = new Map<ScreenKind, ScreenComponent>();
  const pending = new Map<ScreenKind, Promise<ScreenComponent>>();
  return {
    get: (kind) => loaded.get(kind),
    load: (kind) => {
      let promise = pending.get(kind);
      if (!promise) {
        promise = LOADERS[kind]().then((screen) => {
          loaded.set(kind, screen);
          return screen;
        });
        // A failed load (offline, a new deploy) may be retried by the next navigation.
        promise.catch(() => pending.delete(kind));
        pending.set(kind, promise);
      }
      return promise;
    },
  };
}

// Every screen, imported statically: the server renders any route synchronously.
import { AssistantChatRoute } from './assistant-chat-screen';
import { BlogPostRoute, BlogRoute } from './blog-screens';
import { ContactRoute } from './contact-screen';
import { FaqRoute } from './faq-screen';
import { HomeRoute } from './home-screen';
import { AboutRoute, PrivacyRoute, TermsRoute } from './long-page-screen';
import { PricingRoute } from './pricing-screen';
import { ServiceRoute } from './service-screen';
import { ServicesRoute } from './services-screen';
import type { ScreenComponent, ScreenKind, ScreenSource } from './screen-types';

const SCREENS: Record<ScreenKind, ScreenComponent> = {
  home: HomeRoute,
  about: AboutRoute,
  services: ServicesRoute,
  service: ServiceRoute,
  pricing: PricingRoute,
  faq: FaqRoute,
  blog: BlogRoute,
  blogPost: BlogPostRoute,
  contact: ContactRoute,
  privacy: PrivacyRoute,
  terms: TermsRoute,
  assistantChat: AssistantChatRoute,
};

export const serverScreens: ScreenSource = {
  get: (kind) => SCREENS[kind],
  load: async (kind) => SCREENS[kind],
};

// The data every route is rendered from. Twin of src/page_data.rs and src/routes.rs (Rust);
// tests/fixture-data.test.ts checks the Rust output against these types.
import type { CollectionPageData } from './collections.generated';

/** A language's code, one of the site's language table (`shared/languages.ts`): `ar`, `en`... */
export type Lang = string;
/** A government body a service deals with (`GovIcon` in src/content/mod.rs; its names are `govBadges.<id>` in the catalogue). */
export type GovIcon = 'DED' | 'MOHRE' | 'GDRFA' | 'ICP' | 'MOFAIC' | 'FTA' | 'DHA' | 'DLD' | 'DubaiPolice' | 'MOI';
/** The icon of a service or section, as content names it (`Icon` in src/content/mod.rs). */
export type IconName =
  | 'badge-check'
  | 'briefcase'
  | 'building-2'
  | 'calculator'
  | 'file-check'
  | 'fingerprint'
  | 'house'
  | 'id-card'
  | 'landmark'
  | 'languages'
  | 'plane'
  | 'shield-check'
  | 'stamp';

/** One element of the head, as Rust computed it (`src/head/mod.rs`, `HeadTag`). */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link';
  /** Attribute names and values, in document order. */
  attrs: [string, string][];
  /** The text of a `<title>`. */
  text?: string;
}

/**
 * The document head of a route: the document shell writes these tags and blocks, and
 * `applyHead` applies the same list on client navigation.
 */
export interface Head {
  lang: Lang;
  dir: 'rtl' | 'ltr';
  tags: HeadTag[];
  /** schema.org blocks (the document shell writes them; client navigation replaces them). */
  jsonLd: unknown[];
}

export interface SiteInfo {
  companyName: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  hours: { opens: string; closes: string; days: string };
  year: number;
  /** How many services the site offers. */
  serviceCount: number;
  /** The footer's main services, in order (`footer:` in their content files). */
  footerServices: { id: string; title: string }[];
  backend: {
    url: string;
    anonKey: string;
    contactTable: string;
    assistantFunction: string | null;
    /** Where the contact form posts when the browser runs no JavaScript. */
    formEndpoint: string | null;
  } | null;
}

/** A page above the current one, for breadcrumbs. */
export interface Crumb {
  label: string;
  path: string;
}

/**
 * The top of a screen: its title, lead and breadcrumb trail, as the head (title, description,
 * JSON-LD BreadcrumbList) has them (`src/head/screen.rs`).
 */
export interface Screen {
  title: string;
  description: string;
  crumbs: Crumb[];
}

export interface PostSummary {
  slug: string;
  title: string;
  author: string;
  date: string;
  dateDisplay: string;
  excerpt: string;
}

/** Where a blog list page sits: "Page 2 of 9", the newer (`prev`) and older (`next`) pages' paths. */
export interface Pagination {
  label: string;
  prev: string | null;
  next: string | null;
}

export interface BlogPost extends PostSummary {
  html: string;
}

export interface LongPage {
  name: string;
  title: string;
  description: string;
  html: string;
}

export interface ServiceContent {
  description: string;
  servicesOffered: string[];
  requirements: string[];
  timeline: string;
  /** The working days `timeline` states, as numbers (`timelineDays` in the YAML); null when it gives no range. */
  timelineDays: { min: number; max: number } | null;
  notes: string[];
}

export interface Service {
  id: string;
  title: string;
  summary: string;
  section: string;
  govIcons: GovIcon[];
  icon: IconName;
  isPackage: boolean;
  content: ServiceContent;
}

export interface ServiceSummary {
  id: string;
  title: string;
  summary: string;
  section: string;
  govIcons: GovIcon[];
  icon: IconName;
  isPackage: boolean;
  timeline: string;
}

export interface ServiceSection {
  anchor: string;
  title: string;
  description: string;
  icon: IconName;
}

export interface Home {
  hero: { title: string; subtitle: string; primaryCta: string; secondaryCta: string };
  valuePoints: { title: string; text: string }[];
  /** `icon`: the linked service's or section's, else `landmark`. */
  cards: { title: string; text: string; link: string; icon: IconName }[];
}

export interface Plan {
  id: string;
  name: string;
  price: string;
  period: string;
  description: string;
  isPopular: boolean;
  features: string[];
}

export interface Pricing {
  plans: Plan[];
  rules: string[];
}

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface Testimonial {
  id: string;
  name: string;
  role: string;
  content: string;
  rating: number;
}

/** The page data of sahel's own page kinds. */
export type BuiltInPageData =
  | { kind: 'home'; home: Home | null; testimonials: Testimonial[]; latestPosts: PostSummary[] }
  | { kind: 'about'; page: LongPage | null }
  | { kind: 'services'; sections: ServiceSection[]; services: ServiceSummary[] }
  | { kind: 'service'; service: Service }
  | { kind: 'pricing'; pricing: Pricing | null }
  | { kind: 'faq'; faq: FaqItem[] }
  | { kind: 'blog'; posts: PostSummary[]; pagination: Pagination }
  | { kind: 'blogPost'; post: BlogPost }
  | { kind: 'contact' }
  | { kind: 'privacy'; page: LongPage | null }
  | { kind: 'terms'; page: LongPage | null }
  | { kind: 'assistantChat' }
  | { kind: 'notFound' };

/** Every page's data: sahel's kinds and those of the site's own, which list a collection. */
export type PageData = BuiltInPageData | CollectionPageData;

export type PageKind = PageData['kind'];

export interface RouteData {
  path: string;
  lang: Lang;
  head: Head;
  site: SiteInfo;
  screen: Screen;
  page: PageData;
}

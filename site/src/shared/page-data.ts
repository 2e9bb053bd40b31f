// The data every route is rendered from. Twin of src/page_data.rs and src/routes.rs (Rust);
// tests/fixture-data.test.ts checks the Rust output against these types.
import type {
  CollectionPageData,
  FaqFields,
  PagesFields,
  PostsFields,
  PricingFields,
  ServicesFields,
  TestimonialsFields,
} from './collections.generated';

/** A language's code, one of the site's language table (`shared/languages.ts`): `ar`, `en`... */
export type Lang = string;
/** A government body a service deals with, as sahel's `services` collection declares it (src/pages/shipped.json; its names are `govBadges.<id>` in the catalogue). */
export type GovIcon = ServicesFields['govIcons'][number];
/** The icon of a service or section, as the `services` collection declares it. */
export type IconName = ServicesFields['icon'];

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

// The page data of sahel's collections is made from their declared fields
// (collections.generated.ts): a screen that reads a field the declaration lacks fails tsc.

/**
 * A post's or service's photo (its `image`), as sahel publishes it: the photo without its
 * metadata (`src`), its size, its smaller copies (`sources`, best format first) and the classes
 * of its placeholder colour (empty: none).
 */
export interface Photo {
  src: string;
  alt: string;
  width: number;
  height: number;
  sources: { type: string; srcset: string }[];
  placeholder: string;
}

export interface PostSummary extends Pick<PostsFields, 'title' | 'author' | 'date' | 'excerpt'> {
  slug: string;
  dateDisplay: string;
  image?: Photo;
  /** A draft (`draft: true`), which only `sahel serve` shows; absent for a published post. */
  draft?: boolean;
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

export interface LongPage extends Pick<PagesFields, 'title' | 'description'> {
  name: string;
  html: string;
}

/** `timelineDays`: the working days `timeline` states, as numbers; null when it gives no range. */
export type ServiceContent = ServicesFields['content'];

export interface Service
  extends Pick<ServicesFields, 'title' | 'summary' | 'section' | 'govIcons' | 'icon' | 'isPackage' | 'content'> {
  id: string;
  image?: Photo;
}

export interface ServiceSummary
  extends Pick<ServicesFields, 'title' | 'summary' | 'section' | 'govIcons' | 'icon' | 'isPackage'> {
  id: string;
  timeline: ServiceContent['timeline'];
  image?: Photo;
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

export type Pricing = PricingFields;
export type Plan = Pricing['plans'][number];
export type FaqItem = FaqFields;
export type Testimonial = TestimonialsFields;

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
  | { kind: 'search' }
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

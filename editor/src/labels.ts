// Names staff read for the collections and fields sahel ships; a site's own collection or field
// shows its key made readable ("servicesOffered" → "Services offered").
import type { UiLang } from './i18n';

type Names = Record<string, { ar: string; en: string }>;

const COLLECTIONS: Names = {
  posts: { ar: 'المقالات', en: 'Blog posts' },
  pages: { ar: 'الصفحات', en: 'Pages' },
  services: { ar: 'الخدمات', en: 'Services' },
  pricing: { ar: 'الأسعار والباقات', en: 'Pricing and packages' },
  faq: { ar: 'الأسئلة الشائعة', en: 'Frequently asked questions' },
  testimonials: { ar: 'آراء العملاء', en: 'Testimonials' },
  strings: { ar: 'نصوص الواجهة', en: 'Interface text' },
  files: { ar: 'ملفات أخرى', en: 'Other files' },
};

const FIELDS: Names = {
  title: { ar: 'العنوان', en: 'Title' },
  author: { ar: 'الكاتب', en: 'Author' },
  date: { ar: 'التاريخ', en: 'Date' },
  excerpt: { ar: 'المقتطف', en: 'Excerpt' },
  slug: { ar: 'المعرّف في العنوان', en: 'Address name (slug)' },
  draft: { ar: 'مسودة (لا تُنشر)', en: 'Draft (not published)' },
  image: { ar: 'الصورة', en: 'Photo' },
  src: { ar: 'ملف الصورة', en: 'Photo file' },
  alt: { ar: 'وصف الصورة', en: 'Photo description' },
  review_by: { ar: 'مواعيد المراجعة', en: 'Review dates' },
  passage: { ar: 'المقطع المراد مراجعته', en: 'Passage to review' },
  body: { ar: 'النص', en: 'Text' },
  description: { ar: 'الوصف', en: 'Description' },
  summary: { ar: 'الملخص', en: 'Summary' },
  section: { ar: 'القسم', en: 'Section' },
  govIcons: { ar: 'شعارات الجهات الحكومية', en: 'Government body logos' },
  icon: { ar: 'الأيقونة', en: 'Icon' },
  footer: { ar: 'الترتيب في تذييل الصفحة', en: 'Order in the footer' },
  isPackage: { ar: 'باقة', en: 'Package' },
  content: { ar: 'المحتوى', en: 'Content' },
  servicesOffered: { ar: 'الخدمات المقدَّمة', en: 'Services offered' },
  requirements: { ar: 'المتطلبات', en: 'Requirements' },
  timeline: { ar: 'المدة', en: 'Timeline' },
  timelineDays: { ar: 'المدة بالأيام', en: 'Timeline in days' },
  min: { ar: 'الحد الأدنى', en: 'Least' },
  max: { ar: 'الحد الأقصى', en: 'Most' },
  notes: { ar: 'ملاحظات', en: 'Notes' },
  plans: { ar: 'الباقات', en: 'Plans' },
  id: { ar: 'المعرّف', en: 'Identifier' },
  name: { ar: 'الاسم', en: 'Name' },
  price: { ar: 'السعر', en: 'Price' },
  period: { ar: 'المدة الزمنية', en: 'Period' },
  isPopular: { ar: 'الأكثر طلبًا', en: 'Most popular' },
  features: { ar: 'المزايا', en: 'Features' },
  rules: { ar: 'الشروط', en: 'Rules' },
  question: { ar: 'السؤال', en: 'Question' },
  answer: { ar: 'الإجابة', en: 'Answer' },
  role: { ar: 'الصفة', en: 'Role' },
  rating: { ar: 'التقييم', en: 'Rating' },
};

export function humanize(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function collectionLabel(lang: UiLang, name: string): string {
  return COLLECTIONS[name]?.[lang] ?? humanize(name);
}

export function fieldLabel(lang: UiLang, name: string): string {
  return FIELDS[name]?.[lang] ?? humanize(name);
}

import {
  BadgeCheck,
  Briefcase,
  Building2,
  Calculator,
  FileCheck,
  Fingerprint,
  House,
  IdCard,
  Landmark,
  Languages,
  Plane,
  ShieldCheck,
  Stamp,
  type LucideIcon,
} from 'lucide-react';

/** An icon for a service id or a services-list section anchor. */
const ICONS: Record<string, LucideIcon> = {
  'business-setup': Building2,
  'company-formation': Building2,
  'immigration-residency': IdCard,
  'visas-residency': IdCard,
  'gdrfa-icp': Stamp,
  'emirates-id-medical': Fingerprint,
  'police-clearance': ShieldCheck,
  'hr-permits': Briefcase,
  'mohre-work-permits': Briefcase,
  'establishment-card': FileCheck,
  'translation-attestation': Languages,
  'tourism-services': Plane,
  'tourism-travel': Plane,
  'tax-finance': Calculator,
  'tax-vat-corporate': Calculator,
  'ejari-tenancy': House,
  'pro-packages': BadgeCheck,
};

export function serviceIcon(key: string): LucideIcon {
  return ICONS[key] ?? Landmark;
}

/** The id or anchor a home card links to: `/en/services/company-formation/` or `/ar/services/#tax-finance`. */
export function cardKey(link: string): string {
  const hash = link.split('#')[1];
  if (hash) return hash;
  return link.split('/').filter(Boolean).pop() ?? '';
}

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
import type { IconName } from '@/shared/page-data';

/**
 * The icons content may give a service or a services-list section (`icon:`), by name. Rust
 * validates the names; `tests/contracts/icons.json` is its list, which the tests compare with
 * this table.
 */
export const SERVICE_ICONS: Record<IconName, LucideIcon> = {
  'badge-check': BadgeCheck,
  briefcase: Briefcase,
  'building-2': Building2,
  calculator: Calculator,
  'file-check': FileCheck,
  fingerprint: Fingerprint,
  house: House,
  'id-card': IdCard,
  landmark: Landmark,
  languages: Languages,
  plane: Plane,
  'shield-check': ShieldCheck,
  stamp: Stamp,
};

export function serviceIcon(name: IconName): LucideIcon {
  return SERVICE_ICONS[name];
}

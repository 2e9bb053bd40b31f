import { BadgeCheck as LucideBadgeCheck, Briefcase as LucideBriefcase, Building2 as LucideBuilding2, Calculator as LucideCalculator, FileCheck as LucideFileCheck, Fingerprint as LucideFingerprint, House as LucideHouse, IdCard as LucideIdCard, Landmark as LucideLandmark, Languages as LucideLanguages, Plane as LucidePlane, ShieldCheck as LucideShieldCheck, Stamp as LucideStamp, type LucideIcon } from 'lucide-react';
import { lean } from '@/shared/ui/lean-icon';
import type { IconName } from '@/shared/page-data';

const BadgeCheck = lean(LucideBadgeCheck);
const Briefcase = lean(LucideBriefcase);
const Building2 = lean(LucideBuilding2);
const Calculator = lean(LucideCalculator);
const FileCheck = lean(LucideFileCheck);
const Fingerprint = lean(LucideFingerprint);
const House = lean(LucideHouse);
const IdCard = lean(LucideIdCard);
const Landmark = lean(LucideLandmark);
const Languages = lean(LucideLanguages);
const Plane = lean(LucidePlane);
const ShieldCheck = lean(LucideShieldCheck);
const Stamp = lean(LucideStamp);

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

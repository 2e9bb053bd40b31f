import * as LucideBadgeCheck from 'lucide-react/icons/badge-check';
import * as LucideBriefcase from 'lucide-react/icons/briefcase';
import * as LucideBuilding2 from 'lucide-react/icons/building-complex';
import * as LucideCalculator from 'lucide-react/icons/calculator';
import * as LucideFileCheck from 'lucide-react/icons/file-check';
import * as LucideFingerprint from 'lucide-react/icons/fingerprint-pattern';
import * as LucideHouse from 'lucide-react/icons/house';
import * as LucideIdCard from 'lucide-react/icons/id-card';
import * as LucideLandmark from 'lucide-react/icons/landmark';
import * as LucideLanguages from 'lucide-react/icons/languages';
import * as LucidePlane from 'lucide-react/icons/plane';
import * as LucideShieldCheck from 'lucide-react/icons/shield-check';
import * as LucideStamp from 'lucide-react/icons/stamp';
import { lean, type LeanIcon } from '@/shared/ui/lean-icon';
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
export const SERVICE_ICONS: Record<IconName, LeanIcon> = {
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

export function serviceIcon(name: IconName): LeanIcon {
  return SERVICE_ICONS[name];
}

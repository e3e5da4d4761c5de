import {
  Briefcase,
  Building,
  Building2,
  Car,
  Crown,
  Droplet,
  Heart,
  Home,
  Leaf,
  Link,
  MessageCircle,
  Package,
  PenTool,
  Shield,
  ShieldAlert,
  Skull,
  Sparkles,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ProductDto } from '@contract/catalogue.ts';

/** Each product's picture on its card, by product id; a product added later shows its type's, then a parcel. */
const BY_ID: Record<string, LucideIcon> = {
  'bayou-basic': Leaf,
  'parish-life': Home,
  'swamp-blood': Droplet,
  'gator-crown': Crown,
  'voodoo-experience': Sparkles,
  'starter-gang': Users,
  'hood-package': Shield,
  'swamp-syndicate': Skull,
  'custom-tattoos': PenTool,
  'bayou-chains': Link,
  'swamp-vehicles': Car,
  'vip-housing': Building,
  'business-package': Briefcase,
  'female-customization': Heart,
  'ped-creation': User,
  'city-unban': Building2,
  'discord-unban': MessageCircle,
  'anticheat-unban': ShieldAlert,
};

const BY_TYPE: Record<ProductDto['type'], LucideIcon> = {
  whitelist: Crown,
  gang: Users,
  addon: Package,
  unban: ShieldAlert,
};

export function productIcon(product: Pick<ProductDto, 'id' | 'type'>): LucideIcon {
  return BY_ID[product.id] ?? BY_TYPE[product.type] ?? Package;
}

export function ProductIcon({ product, size = 28 }: { product: Pick<ProductDto, 'id' | 'type'>; size?: number }) {
  const Icon = productIcon(product);
  return <Icon aria-hidden size={size} />;
}

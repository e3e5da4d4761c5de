import {
  Briefcase, Building, Building2, Car, Crown, Droplet, Heart, Home, Leaf, Link, MessageCircle, Package, PenTool, Shield, ShieldAlert,
  Skull, Sparkles, User, Users, type LucideIcon,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  briefcase: Briefcase, building: Building, 'building-2': Building2, car: Car, crown: Crown, droplet: Droplet, heart: Heart, home: Home,
  leaf: Leaf, link: Link, 'message-circle': MessageCircle, 'pen-tool': PenTool, shield: Shield, 'shield-alert': ShieldAlert, skull: Skull,
  sparkles: Sparkles, user: User, users: Users,
};

export function ProductIcon({ name, size = 28 }: { name: string; size?: number }) {
  const Icon = ICONS[name] ?? Package;
  return <Icon aria-hidden size={size} />;
}

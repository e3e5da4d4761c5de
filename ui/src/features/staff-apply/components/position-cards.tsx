import { Code2, Crown, Headphones, Shield } from 'lucide-react';
import type { StaffPositionDto } from '@contract/staff-applications.ts';

/** The icon on each position's card; the positions and their descriptions are the staff kind's. */
export const POSITION_ICONS: Record<StaffPositionDto, typeof Crown> = {
  admin: Crown,
  moderator: Shield,
  support: Headphones,
  developer: Code2,
};

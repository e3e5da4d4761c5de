import { Anchor, HeartPulse, Scale, Shield, Wrench, type LucideIcon } from 'lucide-react';

/** A job of the Job Applications page (docs/product.md#jobs); the icon stands in for the image. */
export interface Job {
  title: string;
  icon: LucideIcon;
  description: string;
  requirements: readonly string[];
  benefits: readonly string[];
}

export const JOBS_PER_PAGE = 3;

export const JOBS: readonly Job[] = [
  {
    title: "Sheriff's Deputy",
    icon: Shield,
    description:
      'Patrol the parish roads and bayous, answer calls and keep the peace from Bourbon Street to the back country.',
    requirements: ['18 or older', 'Clean punishment record', 'Pass the academy training', 'Working microphone'],
    benefits: ['Department vehicles and gear', 'Weekly paid shifts', 'Promotion ladder to Sheriff'],
  },
  {
    title: 'Paramedic',
    icon: HeartPulse,
    description: 'Run the parish ambulance service, treat the wounded and get players back into the story.',
    requirements: ['18 or older', 'Calm under pressure', 'Complete the medical training', 'Active in Discord'],
    benefits: ['Ambulance and air unit access', 'Paid on every call', 'Hospital roleplay scenes'],
  },
  {
    title: 'Mechanic',
    icon: Wrench,
    description: 'Repair, tune and tow at the garage on Highway 90, and build the custom rides the parish talks about.',
    requirements: ['Know the vehicle systems', 'Good customer roleplay', 'Available for evening shifts'],
    benefits: ['Own workshop bay', 'Commission on every job', 'Discounts on parts'],
  },
  {
    title: 'Shrimp Boat Captain',
    icon: Anchor,
    description: 'Work the Gulf waters, haul the catch to the docks and run a crew through storm season.',
    requirements: ['Patience for long trips', 'Team player', 'Follow the fishing laws'],
    benefits: ['Boat and dock access', 'Sell your catch at market prices', 'Hire your own crew'],
  },
  {
    title: 'Defense Attorney',
    icon: Scale,
    description: 'Represent the accused in parish court, negotiate deals and argue cases before the judge.',
    requirements: ['Strong written English', 'Learn the server penal code', 'Professional demeanor'],
    benefits: ['Office in the courthouse', 'Paid per case', 'Path to judge'],
  },
];

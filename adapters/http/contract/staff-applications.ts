import { z } from 'zod';
import { agreement, emailField, oneOf, optionalText, pagingQuery, requiredText, typeError, wholeNumber } from './applications.ts';

export const STAFF_TIMEZONES = [
  { value: 'EST', label: 'EST (Eastern)' },
  { value: 'CST', label: 'CST (Central)' },
  { value: 'MST', label: 'MST (Mountain)' },
  { value: 'PST', label: 'PST (Pacific)' },
  { value: 'GMT', label: 'GMT (Greenwich)' },
  { value: 'CET', label: 'CET (Central European)' },
  { value: 'JST', label: 'JST (Japan)' },
  { value: 'AEST', label: 'AEST (Australian Eastern)' },
] as const;
const STAFF_TIMEZONE_IDS = ['EST', 'CST', 'MST', 'PST', 'GMT', 'CET', 'JST', 'AEST'] as const;

export const STAFF_POSITIONS = ['admin', 'moderator', 'support', 'developer'] as const;
export type StaffPositionDto = (typeof STAFF_POSITIONS)[number];

export const STAFF_STATUSES = ['pending', 'under_review', 'approved', 'denied'] as const;
export type StaffStatusDto = (typeof STAFF_STATUSES)[number];

export const staffApplicationSchema = z.object({
  discordId: z.string({ error: typeError('string') }).nullish(),
  discordUsername: z.string({ error: typeError('string') }).nullish(),
  email: emailField(),
  realName: requiredText(255),
  age: wholeNumber(18, 65),
  timezone: oneOf(STAFF_TIMEZONE_IDS, 'Timezone'),
  availability: requiredText(),
  position: oneOf(STAFF_POSITIONS, 'Position'),
  experience: requiredText(),
  whyStaff: requiredText(),
  scenarios: requiredText(),
  languages: optionalText(),
  previousCommunities: optionalText(),
  references: optionalText(),
  additionalInfo: optionalText(),
  agreeToRules: agreement('You must agree to follow the rules and guidelines'),
  agreeToCommitment: agreement('You must commit to at least 15 hours a week'),
  backgroundCheck: agreement('You must accept a background check of your server history'),
});
export type StaffApplicationInput = z.input<typeof staffApplicationSchema>;

/** PATCH /api/staff-applications/{id}: notes optional and kept as written. */
export const reviewStaffApplicationSchema = z.object({
  status: oneOf(['under_review', 'approved', 'denied'], 'Status'),
  reviewNotes: z.string({ error: typeError('string') }).max(5000, 'At most 5000 characters').nullish(),
});
export type ReviewStaffApplicationInput = z.input<typeof reviewStaffApplicationSchema>;

export const listStaffApplicationsQuerySchema = z.object({ status: oneOf(STAFF_STATUSES, 'Status').optional(), ...pagingQuery });

export const staffApplicationDtoSchema = z.object({
  id: z.string(),
  discordId: z.string(),
  discordUsername: z.string(),
  email: z.string(),
  realName: z.string(),
  age: z.number(),
  timezone: z.string(),
  availability: z.string(),
  position: z.enum(STAFF_POSITIONS),
  experience: z.string(),
  whyStaff: z.string(),
  scenarios: z.string(),
  languages: z.string().nullable(),
  previousCommunities: z.string().nullable(),
  references: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  agreeToRules: z.boolean(),
  agreeToCommitment: z.boolean(),
  backgroundCheck: z.boolean(),
  /** the applicant already holds the staff or admin role */
  currentStaff: z.boolean(),
  status: z.enum(STAFF_STATUSES),
  reviewNotes: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffApplicationDto = z.infer<typeof staffApplicationDtoSchema>;

export const staffApplicationListSchema = z.object({
  applications: z.array(staffApplicationDtoSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.object({ pending: z.number(), under_review: z.number(), approved: z.number(), denied: z.number() }),
  positions: z.object({ admin: z.number(), moderator: z.number(), support: z.number(), developer: z.number() }),
  nextBefore: z.string().nullable(),
});
export type StaffApplicationListDto = z.infer<typeof staffApplicationListSchema>;

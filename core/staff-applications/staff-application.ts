import { ConflictError, InvalidInputError, type ErrorIssue } from '../shared/errors.ts';

/** SPEC section 9: the staff form's timezones (value, label). */
export const STAFF_TIMEZONES = [
  ['EST', 'Eastern'],
  ['CST', 'Central'],
  ['MST', 'Mountain'],
  ['PST', 'Pacific'],
  ['GMT', 'Greenwich'],
  ['CET', 'Central European'],
  ['JST', 'Japan'],
  ['AEST', 'Australian Eastern'],
] as const;
export const STAFF_TIMEZONE_IDS = STAFF_TIMEZONES.map(([id]) => id);
export const STAFF_POSITIONS = ['admin', 'moderator', 'support', 'developer'] as const;
export type StaffPosition = (typeof STAFF_POSITIONS)[number];
export const STAFF_MIN_AGE = 18;
export const STAFF_MAX_AGE = 65;

export const STAFF_STATUSES = ['pending', 'under_review', 'approved', 'denied'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export type StaffReviewStatus = Exclude<StaffStatus, 'pending'>;
export const OPEN_STAFF_STATUSES: readonly StaffStatus[] = ['pending', 'under_review'];

/** pending -> under_review -> approved | denied; pending may go straight to a decision; a decision is final. */
const TRANSITIONS: Record<StaffStatus, readonly StaffStatus[]> = {
  pending: ['under_review', 'approved', 'denied'],
  under_review: ['approved', 'denied'],
  approved: [],
  denied: [],
};

export function canMove(from: StaffStatus, to: StaffStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export interface StaffApplicationAnswers {
  email: string;
  realName: string;
  age: number;
  timezone: string;
  availability: string;
  position: StaffPosition;
  experience: string;
  whyStaff: string;
  scenarios: string;
  languages: string | null;
  previousCommunities: string | null;
  references: string | null;
  additionalInfo: string | null;
  agreeToRules: boolean;
  agreeToCommitment: boolean;
  backgroundCheck: boolean;
}

export interface StaffApplication extends StaffApplicationAnswers {
  id: string;
  userId: string;
  discordId: string;
  discordUsername: string;
  status: StaffStatus;
  reviewNotes: string | null;
  reviewedBy: string | null;
  reviewerId: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

/** What the review screens read: the application plus whether the applicant already holds a staff role. */
export interface StaffApplicationView extends StaffApplication {
  currentStaff: boolean;
}

const REQUIRED_TEXT = ['email', 'realName', 'timezone', 'availability', 'position', 'experience', 'whyStaff', 'scenarios'] as const;
const OPTIONAL_TEXT = ['languages', 'previousCommunities', 'references', 'additionalInfo'] as const;
const REQUIRED_TRUE = {
  agreeToRules: 'You must agree to follow the rules and guidelines',
  agreeToCommitment: 'You must commit to at least 15 hours a week',
  backgroundCheck: 'You must accept a background check of your server history',
} as const;

export function checkStaffAnswers(answers: StaffApplicationAnswers): StaffApplicationAnswers {
  const issues: ErrorIssue[] = [];
  const cleaned: Record<string, unknown> = { ...answers };
  for (const field of REQUIRED_TEXT) {
    const raw: unknown = answers[field];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (!value) issues.push({ path: field, message: 'Required' });
    cleaned[field] = value;
  }
  for (const field of OPTIONAL_TEXT) cleaned[field] = answers[field]?.trim() || null;
  const text = (field: string) => cleaned[field] as string;
  if (text('email') && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text('email'))) issues.push({ path: 'email', message: 'Invalid email address' });
  if (!Number.isInteger(answers.age) || answers.age < STAFF_MIN_AGE || answers.age > STAFF_MAX_AGE) {
    issues.push({ path: 'age', message: `Age must be a whole number from ${STAFF_MIN_AGE} to ${STAFF_MAX_AGE}` });
  }
  if (text('timezone') && !(STAFF_TIMEZONE_IDS as string[]).includes(text('timezone'))) {
    issues.push({ path: 'timezone', message: `Timezone must be one of ${STAFF_TIMEZONE_IDS.join(', ')}` });
  }
  if (text('position') && !(STAFF_POSITIONS as readonly string[]).includes(text('position'))) {
    issues.push({ path: 'position', message: `Position must be one of ${STAFF_POSITIONS.join(', ')}` });
  }
  for (const [field, message] of Object.entries(REQUIRED_TRUE)) {
    if (answers[field as keyof typeof REQUIRED_TRUE] !== true) issues.push({ path: field, message });
  }
  if (issues.length > 0) {
    throw new InvalidInputError('STAFF_APPLICATION_INVALID', `Invalid application. ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
  }
  return cleaned as unknown as StaffApplicationAnswers;
}

export class StaffTransitionError extends ConflictError {
  constructor(from: StaffStatus, to: StaffStatus) {
    const reason = from === 'approved' || from === 'denied' ? 'a decision is final' : `it cannot move from ${from} to ${to}`;
    super('STAFF_APPLICATION_TRANSITION', `This staff application is ${from.replace('_', ' ')}; ${reason}.`);
  }
}

export class OpenStaffApplicationExistsError extends ConflictError {
  constructor() {
    super('STAFF_APPLICATION_ALREADY_OPEN', 'You already have a staff application waiting for review.');
  }
}

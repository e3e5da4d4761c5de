import { ConflictError, InvalidInputError, type ErrorIssue } from '../shared/errors.ts';

/** SPEC section 9: the whitelist form's choices. */
export const WHITELIST_TIMEZONES = ['EST', 'CST', 'MST', 'PST', 'GMT', 'CET', 'Other'] as const;
export const HOURS_PER_WEEK_CHOICES = [5, 15, 25, 35] as const;
export const APPLICANT_MIN_AGE = 18;
export const APPLICANT_MAX_AGE = 99;
export const REVIEW_NOTES_MIN_LENGTH = 10;
export const REVIEW_NOTES_TOO_SHORT = 'Review notes must be at least 10 characters';

export const WHITELIST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WhitelistStatus = (typeof WHITELIST_STATUSES)[number];
export type WhitelistDecision = Exclude<WhitelistStatus, 'pending'>;

/** What the applicant writes; identity is not part of it (it comes from the session). */
export interface WhitelistApplicationAnswers {
  email: string;
  isEighteenPlus: boolean;
  age: number;
  timezone: string;
  hoursPerWeek: number;
  rpExperience: string;
  previousCommunities: string | null;
  characterBackground: string;
  characterGoals: string;
  roleplayScenario: string;
  whyJoinServer: string;
  rulesUnderstood: boolean;
  noMetagaming: boolean;
  respectfulBehavior: boolean;
}

export interface WhitelistApplication extends WhitelistApplicationAnswers {
  id: string;
  /** the applicant's user id */
  userId: string;
  discordId: string;
  discordUsername: string;
  status: WhitelistStatus;
  reviewNotes: string | null;
  reviewedBy: string | null;
  reviewerId: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

/** The identity an application is filed under: always the signed-in user's. */
export interface Applicant {
  id: string;
  discordId: string;
  discordUsername: string | null;
  username: string | null;
}

const REQUIRED_TEXT = ['email', 'timezone', 'rpExperience', 'characterBackground', 'characterGoals', 'roleplayScenario', 'whyJoinServer'] as const;
const REQUIRED_TRUE = ['isEighteenPlus', 'rulesUnderstood', 'noMetagaming', 'respectfulBehavior'] as const;
const AGREEMENT_MESSAGES: Record<(typeof REQUIRED_TRUE)[number], string> = {
  isEighteenPlus: 'You must confirm you are 18 or older',
  rulesUnderstood: 'You must agree to follow the server rules',
  noMetagaming: 'You must agree not to metagame',
  respectfulBehavior: 'You must agree to respectful behavior',
};

/** The business rules of SPEC section 5, checked whatever the caller (the HTTP edge checks shapes first). */
export function checkAnswers(answers: WhitelistApplicationAnswers): WhitelistApplicationAnswers {
  const issues: ErrorIssue[] = [];
  const cleaned = { ...answers };
  for (const field of REQUIRED_TEXT) {
    const value = typeof answers[field] === 'string' ? answers[field].trim() : '';
    if (!value) issues.push({ path: field, message: 'Required' });
    cleaned[field] = value;
  }
  cleaned.previousCommunities = answers.previousCommunities?.trim() || null;
  if (cleaned.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cleaned.email)) issues.push({ path: 'email', message: 'Invalid email address' });
  if (!Number.isInteger(answers.age) || answers.age < APPLICANT_MIN_AGE || answers.age > APPLICANT_MAX_AGE) {
    issues.push({ path: 'age', message: `Age must be a whole number from ${APPLICANT_MIN_AGE} to ${APPLICANT_MAX_AGE}` });
  }
  if (cleaned.timezone && !(WHITELIST_TIMEZONES as readonly string[]).includes(cleaned.timezone)) {
    issues.push({ path: 'timezone', message: `Timezone must be one of ${WHITELIST_TIMEZONES.join(', ')}` });
  }
  if (!(HOURS_PER_WEEK_CHOICES as readonly number[]).includes(answers.hoursPerWeek)) {
    issues.push({ path: 'hoursPerWeek', message: `Hours per week must be one of ${HOURS_PER_WEEK_CHOICES.join(', ')}` });
  }
  for (const field of REQUIRED_TRUE) if (answers[field] !== true) issues.push({ path: field, message: AGREEMENT_MESSAGES[field] });
  if (issues.length > 0) {
    throw new InvalidInputError('APPLICATION_INVALID', `Invalid application. ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
  }
  return cleaned;
}

/** Review notes, trimmed; null when empty. Required notes must hold at least 10 characters. */
export function checkReviewNotes(notes: string | null | undefined, required: boolean): string | null {
  const trimmed = notes?.trim() ?? '';
  if (required && trimmed.length < REVIEW_NOTES_MIN_LENGTH) {
    throw new InvalidInputError('REVIEW_NOTES_TOO_SHORT', REVIEW_NOTES_TOO_SHORT, [{ path: 'reviewNotes', message: REVIEW_NOTES_TOO_SHORT }]);
  }
  return trimmed || null;
}

export class ApplicationNotPendingError extends ConflictError {
  constructor(status: string) {
    super('APPLICATION_NOT_PENDING', `This application has already been ${status}; only a pending application can be decided.`);
  }
}

export class AlreadyWhitelistedError extends ConflictError {
  constructor() {
    super('ALREADY_WHITELISTED', 'You are already whitelisted.');
  }
}

export class OpenApplicationExistsError extends ConflictError {
  constructor() {
    super('APPLICATION_ALREADY_OPEN', 'You already have a whitelist application waiting for review.');
  }
}

import { z } from 'zod';
import { BRAND, notesLine } from '../../delivery/messages.ts';
import { age, agreement, emailField, oneOf, oneOfNumbers, optionalText, requiredText } from '../answer-fields.ts';
import type { Application, ApplicationKind } from '../application.ts';

/** SPEC section 9: the whitelist form's choices. */
export const WHITELIST_TIMEZONES = ['EST', 'CST', 'MST', 'PST', 'GMT', 'CET', 'Other'] as const;
export const HOURS_PER_WEEK_OPTIONS = [
  { value: 5, label: '5-10 hours' },
  { value: 15, label: '10-20 hours' },
  { value: 25, label: '20-30 hours' },
  { value: 35, label: '30+ hours' },
] as const;
export const APPLICANT_MIN_AGE = 18;
export const APPLICANT_MAX_AGE = 99;

export const WHITELIST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WhitelistStatus = (typeof WHITELIST_STATUSES)[number];
export type WhitelistDecision = Exclude<WhitelistStatus, 'pending'>;

/** What the applicant writes (SPEC sections 3 and 5). */
export const whitelistAnswersSchema = z.object({
  email: emailField(),
  isEighteenPlus: agreement('You must confirm you are 18 or older'),
  age: age(APPLICANT_MIN_AGE, APPLICANT_MAX_AGE),
  timezone: oneOf(WHITELIST_TIMEZONES, 'Timezone'),
  hoursPerWeek: oneOfNumbers(
    HOURS_PER_WEEK_OPTIONS.map((option) => option.value),
    'Hours per week',
  ),
  rpExperience: requiredText(),
  previousCommunities: optionalText(),
  characterBackground: requiredText(),
  characterGoals: requiredText(),
  roleplayScenario: requiredText(),
  whyJoinServer: requiredText(),
  rulesUnderstood: agreement('You must agree to follow the server rules'),
  noMetagaming: agreement('You must agree not to metagame'),
  respectfulBehavior: agreement('You must agree to respectful behavior'),
});
export type WhitelistAnswers = z.output<typeof whitelistAnswersSchema>;
export type WhitelistApplication = Application<WhitelistAnswers, WhitelistStatus>;

export const whitelistKind = {
  name: 'whitelist',
  label: 'whitelist application',
  codePrefix: 'APPLICATION',
  answers: whitelistAnswersSchema,
  statuses: WHITELIST_STATUSES,
  transitions: { pending: ['approved', 'rejected'], approved: [], rejected: [] },
  open: ['pending'],
  decider: 'staff',
  notes: 'trimmed',
  approvalWhitelists: true,
  showsCurrentStaff: false,
  texts: {
    cannotMove: (from, _to, raced) => ({
      code: 'APPLICATION_NOT_PENDING',
      message: `This application has already been ${raced ? 'decided' : from}; only a pending application can be decided.`,
    }),
    submitted: (application) => `New whitelist application from ${application.discordUsername}.`,
    decided: (application) =>
      application.status === 'approved'
        ? `Your ${BRAND} whitelist application was approved. Welcome to the bayou! Your whitelist role is on its way.${notesLine(application.reviewNotes)}`
        : `Your ${BRAND} whitelist application was not approved this time.${notesLine(application.reviewNotes)}`,
  },
} as const satisfies ApplicationKind<WhitelistAnswers, WhitelistStatus>;

export type WhitelistKind = typeof whitelistKind;


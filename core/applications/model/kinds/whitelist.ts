import { z } from 'zod';
import { BRAND } from '../../../shared/brand.ts';
import { age, agreement, choice, choiceOfNumbers, emailField, optionalText, requiredText } from '../answer-fields.ts';
import {
  applicantDay,
  applicantMessageLine,
  reapplyAt,
  type Application,
  type ApplicationKind,
} from '../application.ts';
import type { FormLayout } from '../form-layout.ts';

/** The whitelist form's choices (docs/product.md#applications-and-reviews). */
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

/** What the applicant writes (docs/product.md#applications-and-reviews). */
export const whitelistAnswersSchema = z.object({
  email: emailField(),
  isEighteenPlus: agreement('Confirm that you are 18 or older'),
  age: age(APPLICANT_MIN_AGE, APPLICANT_MAX_AGE),
  timezone: choice(WHITELIST_TIMEZONES, 'Choose your time zone'),
  hoursPerWeek: choiceOfNumbers(
    HOURS_PER_WEEK_OPTIONS.map((option) => option.value),
    'Choose how many hours a week you can play',
  ),
  rpExperience: requiredText('Tell us about your roleplay experience'),
  previousCommunities: optionalText(),
  characterBackground: requiredText("Tell us your character's background"),
  characterGoals: requiredText("Tell us your character's goals"),
  roleplayScenario: requiredText('Tell us how you would roleplay this scene'),
  whyJoinServer: requiredText('Tell us why you want to join'),
  rulesUnderstood: agreement('Confirm that you have read the server rules'),
  noMetagaming: agreement('Agree not to metagame'),
  respectfulBehavior: agreement('Agree to treat every player and staff member with respect'),
});
export type WhitelistAnswers = z.output<typeof whitelistAnswersSchema>;
export type WhitelistApplication = Application<WhitelistAnswers, WhitelistStatus>;

const count = (recommended: number) => ({ recommended });

export const whitelistForm = [
  {
    title: 'Personal Information',
    identity: true,
    questions: [
      { name: 'email', label: 'Email', control: 'email' },
      [
        {
          name: 'age',
          label: 'Age',
          control: 'number',
          min: APPLICANT_MIN_AGE,
          max: APPLICANT_MAX_AGE,
          initial: APPLICANT_MIN_AGE,
        },
        {
          name: 'timezone',
          label: 'Time zone',
          control: 'select',
          placeholder: 'Choose your time zone',
          options: WHITELIST_TIMEZONES.map((zone) => ({ value: zone, label: zone })),
        },
      ],
      { name: 'isEighteenPlus', label: 'I confirm that I am 18 years of age or older', control: 'checkbox' },
    ],
  },
  {
    title: 'Roleplay Experience',
    questions: [
      {
        name: 'rpExperience',
        label: 'Describe your roleplay experience',
        review: 'Roleplay experience',
        control: 'textarea',
        rows: 4,
        ...count(150),
      },
      {
        name: 'previousCommunities',
        label: 'Previous roleplay communities',
        review: 'Previous communities',
        control: 'text',
        optional: true,
        hint: 'Optional',
      },
      {
        name: 'hoursPerWeek',
        label: 'Hours per week you can play',
        control: 'select',
        options: HOURS_PER_WEEK_OPTIONS,
        initial: HOURS_PER_WEEK_OPTIONS[0].value,
      },
    ],
  },
  {
    title: 'Character Concept',
    questions: [
      {
        name: 'characterBackground',
        label: "Your character's background",
        review: 'Character background',
        control: 'textarea',
        rows: 5,
        ...count(200),
      },
      {
        name: 'characterGoals',
        label: "Your character's goals",
        review: 'Character goals',
        control: 'textarea',
        rows: 3,
      },
      {
        name: 'roleplayScenario',
        label: 'You are robbed at gunpoint in the city. How do you roleplay it?',
        review: 'Roleplay scenario',
        control: 'textarea',
        rows: 4,
        ...count(150),
      },
    ],
  },
  {
    title: 'Server Interest',
    questions: [
      {
        name: 'whyJoinServer',
        label: 'Why do you want to join our server?',
        review: 'Why join the server',
        control: 'textarea',
        rows: 3,
      },
    ],
  },
  {
    title: 'Rules & Guidelines Agreement',
    questions: [
      {
        name: 'rulesUnderstood',
        label: 'I have read and understand the server rules',
        review: 'Understands the server rules',
        control: 'checkbox',
      },
      {
        name: 'noMetagaming',
        label: 'I will not metagame (use out-of-character information in character)',
        review: 'Agrees not to metagame',
        control: 'checkbox',
      },
      {
        name: 'respectfulBehavior',
        label: 'I will treat every player and staff member with respect',
        review: 'Agrees to respectful behavior',
        control: 'checkbox',
      },
    ],
  },
] as const satisfies FormLayout;

/** a refused applicant may apply again from the start of the UTC day 7 days after the decision */
export const WHITELIST_REAPPLY = { after: 'rejected', days: 7 } as const;

const againLine = (application: Application<unknown, WhitelistStatus>) => {
  const from = reapplyAt({ reapply: WHITELIST_REAPPLY }, application);
  return from ? ` You can send a new application from ${applicantDay(from)}.` : '';
};

export const whitelistKind = {
  name: 'whitelist',
  label: 'whitelist application',
  codePrefix: 'APPLICATION',
  answers: whitelistAnswersSchema,
  form: whitelistForm,
  statuses: WHITELIST_STATUSES,
  transitions: { pending: ['approved', 'rejected'], approved: [], rejected: [] },
  open: ['pending'],
  decider: 'review-whitelist',
  notes: 'trimmed',
  approvalWhitelists: true,
  showsCurrentStaff: false,
  // the table's columns (applicant and email, age, 18+ verified: docs/product.md#staff-and-admin-screens) and the second screen's backstory preview
  summary: {
    answers: ['email', 'age', 'isEighteenPlus'],
    preview: { answer: 'characterBackground', length: 100 },
  },
  reapply: WHITELIST_REAPPLY,
  texts: {
    alreadyApproved: { code: 'ALREADY_WHITELISTED', message: 'You are already whitelisted.' },
    cannotMove: (from, _to, raced) => ({
      code: 'APPLICATION_NOT_PENDING',
      message: `This application has already been ${raced ? 'decided' : from}; only a pending application can be decided.`,
    }),
    submitted: (application) => `New whitelist application from ${application.discordUsername}.`,
    decided: (application) =>
      application.status === 'approved'
        ? `Your ${BRAND} whitelist application was approved. Welcome to the bayou! Your whitelist role is on its way.${applicantMessageLine(application.applicantMessage)}`
        : `Your ${BRAND} whitelist application was not approved this time.${againLine(application)}${applicantMessageLine(application.applicantMessage)}`,
  },
} as const satisfies ApplicationKind<WhitelistAnswers, WhitelistStatus>;

export type WhitelistKind = typeof whitelistKind;

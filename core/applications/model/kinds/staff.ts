import { z } from 'zod';
import { BRAND } from '../../../shared/brand.ts';
import { age, agreement, choice, emailField, optionalText, requiredText } from '../answer-fields.ts';
import {
  applicantDay,
  applicantMessageLine,
  reapplyAt,
  type Application,
  type ApplicationKind,
  type ApplicationView,
} from '../application.ts';
import type { FormLayout } from '../form-layout.ts';

/** The staff form's timezones (docs/product.md#applications-and-reviews). */
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
const STAFF_TIMEZONE_IDS = [
  'EST',
  'CST',
  'MST',
  'PST',
  'GMT',
  'CET',
  'JST',
  'AEST',
] as const satisfies readonly (typeof STAFF_TIMEZONES)[number]['value'][];

/** The four positions and what each does (docs/product.md#applications-and-reviews). */
export const STAFF_POSITION_OPTIONS = [
  { value: 'admin', label: 'Admin', description: 'Full server management and oversight' },
  { value: 'moderator', label: 'Moderator', description: 'Community moderation and player assistance' },
  { value: 'support', label: 'Support', description: 'Player support and ticket management' },
  { value: 'developer', label: 'Developer', description: 'Script development and technical support' },
] as const;
export const STAFF_POSITIONS = [
  'admin',
  'moderator',
  'support',
  'developer',
] as const satisfies readonly (typeof STAFF_POSITION_OPTIONS)[number]['value'][];
export type StaffPosition = (typeof STAFF_POSITIONS)[number];
export const STAFF_MIN_AGE = 18;
export const STAFF_MAX_AGE = 65;

export const STAFF_STATUSES = ['pending', 'under_review', 'approved', 'denied'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export type StaffReviewStatus = Exclude<StaffStatus, 'pending'>;

/** What the applicant writes (docs/product.md#applications-and-reviews). */
export const staffAnswersSchema = z.object({
  email: emailField(),
  realName: requiredText('Enter your real name', 255),
  age: age(STAFF_MIN_AGE, STAFF_MAX_AGE),
  timezone: choice(STAFF_TIMEZONE_IDS, 'Choose your time zone'),
  availability: requiredText('Tell us the days and hours you can be on duty'),
  position: choice(STAFF_POSITIONS, 'Choose a position'),
  experience: requiredText('Tell us about your staff or moderation experience'),
  whyStaff: requiredText('Tell us why you want to join the staff team'),
  scenarios: requiredText('Tell us how you would handle this situation'),
  languages: optionalText(),
  previousCommunities: optionalText(),
  references: optionalText(),
  additionalInfo: optionalText(),
  agreeToRules: agreement('Agree to follow the server rules and staff guidelines'),
  agreeToCommitment: agreement('Commit to at least 15 hours a week'),
  backgroundCheck: agreement('Accept a background check of your server history'),
});
export type StaffAnswers = z.output<typeof staffAnswersSchema>;
export type StaffApplication = Application<StaffAnswers, StaffStatus>;
export type StaffApplicationView = ApplicationView<StaffAnswers, StaffStatus>;

const DECIDED: readonly StaffStatus[] = ['approved', 'denied'];

const optional = { optional: true, hint: 'Optional' } as const;

export const staffForm = [
  {
    title: 'Position',
    questions: [{ name: 'position', label: 'Position', control: 'cards', options: STAFF_POSITION_OPTIONS }],
  },
  {
    title: 'About You',
    identity: true,
    questions: [
      { name: 'email', label: 'Email', control: 'email' },
      { name: 'realName', label: 'Real Name', control: 'text' },
      [
        { name: 'age', label: 'Age', control: 'number', min: STAFF_MIN_AGE, max: STAFF_MAX_AGE },
        {
          name: 'timezone',
          label: 'Time zone',
          control: 'select',
          placeholder: 'Choose your time zone',
          options: STAFF_TIMEZONES,
        },
      ],
      { name: 'availability', label: 'Availability', control: 'text', hint: 'Days and hours you can be on duty' },
      { name: 'languages', label: 'Languages', control: 'text', ...optional },
    ],
  },
  {
    title: 'Experience',
    questions: [
      {
        name: 'experience',
        label: 'Staff or moderation experience',
        review: 'Experience',
        control: 'textarea',
        rows: 4,
      },
      {
        name: 'previousCommunities',
        label: 'Previous communities',
        review: 'Previous communities',
        control: 'text',
        ...optional,
      },
      {
        name: 'whyStaff',
        label: 'Why do you want to join the staff team?',
        review: 'Why staff',
        control: 'textarea',
        rows: 4,
      },
      {
        name: 'scenarios',
        label: 'Two players are arguing in chat and it is getting personal. What do you do?',
        review: 'Scenarios',
        control: 'textarea',
        rows: 4,
      },
      { name: 'references', label: 'References', review: 'References', control: 'text', ...optional },
      {
        name: 'additionalInfo',
        label: 'Anything else we should know?',
        review: 'Additional information',
        control: 'textarea',
        rows: 3,
        ...optional,
      },
    ],
  },
  {
    title: 'Agreements',
    questions: [
      {
        name: 'agreeToRules',
        label: 'I agree to follow the server rules and staff guidelines',
        review: 'Agrees to the rules and staff guidelines',
        control: 'checkbox',
      },
      {
        name: 'agreeToCommitment',
        label: 'I commit to at least 15 hours a week',
        review: 'Commits to 15+ hours a week',
        control: 'checkbox',
      },
      {
        name: 'backgroundCheck',
        label: 'I accept a possible background check of my server history',
        review: 'Accepts a background check',
        control: 'checkbox',
      },
    ],
  },
] as const satisfies FormLayout;

/** a refused applicant may apply again from the start of the UTC day 30 days after the decision */
export const STAFF_REAPPLY = { after: 'denied', days: 30 } as const;

export const staffKind = {
  name: 'staff',
  label: 'staff application',
  codePrefix: 'STAFF_APPLICATION',
  answers: staffAnswersSchema,
  form: staffForm,
  statuses: STAFF_STATUSES,
  // pending -> under_review -> approved | denied; pending may go straight to a decision; a decision is final
  transitions: {
    pending: ['under_review', 'approved', 'denied'],
    under_review: ['approved', 'denied'],
    approved: [],
    denied: [],
  },
  open: ['pending', 'under_review'],
  decider: 'review-staff',
  notes: 'as-written',
  approvalWhitelists: false,
  showsCurrentStaff: true,
  tally: { field: 'position', values: STAFF_POSITIONS },
  // the table's columns (applicant, position, experience with age: docs/product.md#staff-and-admin-screens)
  summary: { answers: ['realName', 'position', 'age'] },
  reapply: STAFF_REAPPLY,
  texts: {
    alreadyApproved: {
      code: 'STAFF_APPLICATION_APPROVED',
      message: 'Your staff application was approved; the team will contact you about the next steps.',
    },
    cannotMove: (from, to) => ({
      code: 'STAFF_APPLICATION_TRANSITION',
      message: `This staff application is ${from.replace('_', ' ')}; ${DECIDED.includes(from) ? 'a decision is final' : `it cannot move from ${from} to ${to}`}.`,
    }),
    submitted: (application) =>
      `New staff application from ${application.discordUsername} for ${application.position}.`,
    decided: (application) => {
      const what = `Your ${BRAND} staff application (${application.position})`;
      if (application.status === 'under_review')
        return `${what} is now under review.${applicantMessageLine(application.applicantMessage)}`;
      if (application.status === 'approved')
        return `${what} was approved. A member of the team will contact you about the next steps.${applicantMessageLine(application.applicantMessage)}`;
      const from = reapplyAt({ reapply: STAFF_REAPPLY }, application);
      const again = from ? ` You can apply again from ${applicantDay(from)}.` : '';
      return `${what} was not accepted this time.${again}${applicantMessageLine(application.applicantMessage)}`;
    },
  },
} as const satisfies ApplicationKind<StaffAnswers, StaffStatus>;

export type StaffKind = typeof staffKind;

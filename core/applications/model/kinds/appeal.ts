import { z } from 'zod';
import { BRAND } from '../../../shared/brand.ts';
import { agreement, choice, optionalText, requiredText } from '../answer-fields.ts';
import {
  applicantDay,
  applicantMessageLine,
  reapplyAt,
  type Applicant,
  type Application,
  type BanChange,
  type BanRecord,
  type ApplicationKind,
  type ApplicationView,
} from '../application.ts';
import type { FormLayout } from '../form-layout.ts';

/** Which ban an appeal is about: the account ban on this site, the store ban, or a ban in the game. */
export const APPEAL_BAN_OPTIONS = [
  { value: 'account', label: 'My account on this website' },
  { value: 'store', label: 'The store (after a payment dispute)' },
  { value: 'in-game', label: 'The game server' },
] as const;
export const APPEAL_BANS = [
  'account',
  'store',
  'in-game',
] as const satisfies readonly (typeof APPEAL_BAN_OPTIONS)[number]['value'][];
export type AppealBan = (typeof APPEAL_BANS)[number];

/** The offences that cannot be appealed (docs/product.md#bans-and-appeals), and 'none of these'. */
export const NON_APPEALABLE_OFFENCES = [
  { value: 'harassment', label: 'Harassment or doxxing' },
  { value: 'hate-speech', label: 'Racist or hate speech' },
  { value: 'chargeback', label: 'Chargeback fraud' },
  { value: 'multiple-violations', label: 'Multiple serious violations' },
  { value: 'staff-impersonation', label: 'Staff impersonation' },
] as const;
export const APPEAL_OFFENCE_OPTIONS = [
  { value: 'none', label: 'None of the offences listed here' },
  ...NON_APPEALABLE_OFFENCES,
] as const;
export const APPEAL_OFFENCES = [
  'none',
  'harassment',
  'hate-speech',
  'chargeback',
  'multiple-violations',
  'staff-impersonation',
] as const satisfies readonly (typeof APPEAL_OFFENCE_OPTIONS)[number]['value'][];
export type AppealOffence = (typeof APPEAL_OFFENCES)[number];

/** `closed`: the ban it was filed against was lifted or replaced before a decision (decision 0072) */
export const APPEAL_STATUSES = ['pending', 'approved', 'denied', 'closed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** What the player writes (docs/product.md#bans-and-appeals), and which ban it is about. */
export const appealAnswersSchema = z
  .object({
    ban: choice(APPEAL_BANS, 'Choose which ban you are appealing'),
    banReference: optionalText(255),
    offence: choice(APPEAL_OFFENCES, 'Choose what your ban was for'),
    characterNames: requiredText('Enter the name of each character that was banned', 500),
    bannedAround: requiredText('Enter the approximate date and time of the ban', 255),
    explanation: requiredText('Explain in detail what happened'),
    whyUnfair: requiredText('Tell us why you believe the ban was unfair'),
    truthful: agreement('Confirm that everything in this appeal is true'),
  })
  .superRefine((answers, context) => {
    if (answers.ban === 'in-game' && !answers.banReference)
      context.addIssue({
        code: 'custom',
        path: ['banReference'],
        message: 'Enter the ban reference the game server showed you',
      });
  });
export type AppealAnswers = z.output<typeof appealAnswersSchema>;
export type Appeal = Application<AppealAnswers, AppealStatus>;
export type AppealView = ApplicationView<AppealAnswers, AppealStatus>;

export const appealForm = [
  {
    title: 'Your Ban',
    identity: true,
    questions: [
      {
        name: 'ban',
        label: 'Which ban are you appealing?',
        review: 'Ban',
        control: 'select',
        placeholder: 'Choose a ban',
        options: APPEAL_BAN_OPTIONS,
      },
      {
        name: 'banReference',
        label: 'Ban reference',
        review: 'Ban reference',
        control: 'text',
        hint: 'Needed for a game-server ban: the reference the server showed you',
        optional: true,
      },
      {
        name: 'offence',
        label: 'My ban was for',
        review: 'Ban was for',
        control: 'select',
        placeholder: 'Choose what your ban was for',
        hint: 'These offences cannot be appealed: harassment or doxxing, racist or hate speech, chargeback fraud, multiple serious violations, staff impersonation',
        options: APPEAL_OFFENCE_OPTIONS,
      },
      { name: 'characterNames', label: 'Character name(s)', review: 'Characters', control: 'text' },
      {
        name: 'bannedAround',
        label: 'Approximate date and time of the ban',
        review: 'Banned around',
        control: 'text',
        hint: 'For example: November 20, around 9 PM Central',
      },
    ],
  },
  {
    title: 'Your Appeal',
    questions: [
      {
        name: 'explanation',
        label: 'What happened? Explain in detail.',
        review: 'What happened',
        control: 'textarea',
        rows: 5,
      },
      {
        name: 'whyUnfair',
        label: 'Why do you believe the ban was unfair?',
        review: 'Why unfair',
        control: 'textarea',
        rows: 4,
      },
      {
        name: 'truthful',
        label: 'Everything in this appeal is true',
        review: 'Confirms it is true',
        control: 'checkbox',
      },
    ],
  },
] as const satisfies FormLayout;

/** a denied appeal may be made again from the start of the UTC day 30 days after the decision */
export const APPEAL_REAPPLY = { after: 'denied', days: 30 } as const;

const banName = (ban: string) =>
  ban === 'account' ? 'website account ban' : ban === 'store' ? 'store ban' : 'game-server ban';

export const appealKind = {
  name: 'appeal',
  label: 'ban appeal',
  codePrefix: 'APPEAL',
  answers: appealAnswersSchema,
  form: appealForm,
  statuses: APPEAL_STATUSES,
  transitions: { pending: ['approved', 'denied'], approved: [], denied: [], closed: [] },
  open: ['pending'],
  decider: 'review-appeals',
  notes: 'as-written',
  approvalWhitelists: false,
  // the website's own ban is lifted here; a store or game-server ban is lifted where it was made
  approvalLiftsBan: (appeal: AppealAnswers) => (appeal.ban === 'account' || appeal.ban === 'store' ? appeal.ban : null),
  banClosed: 'closed',
  approvedMayApplyAgain: true,
  refusalNeedsMessage: true,
  showsCurrentStaff: false,
  summary: { answers: ['ban', 'characterNames', 'bannedAround'] },
  reapply: APPEAL_REAPPLY,
  refusal: (answers: AppealAnswers, applicant: Applicant) => {
    const offence = NON_APPEALABLE_OFFENCES.find((o) => o.value === answers.offence);
    if (offence)
      return {
        code: 'APPEAL_NOT_APPEALABLE',
        message: `A ban for ${offence.label.toLowerCase()} cannot be appealed.`,
        path: 'offence',
      };
    if (answers.ban === 'account' && !applicant.bannedAt)
      return {
        code: 'APPEAL_NOT_BANNED',
        message: 'Your account on this website is not banned: choose the ban you are appealing.',
        path: 'ban',
      };
    return null;
  },
  texts: {
    alreadyApproved: { code: 'APPEAL_APPROVED', message: 'Your ban appeal was approved.' },
    cannotMove: (from) => ({
      code: 'APPEAL_TRANSITION',
      message: `This ban appeal was already ${from}; a decision is final.`,
    }),
    submitted: (appeal) => `New ban appeal from ${appeal.discordUsername} (${banName(appeal.ban)}).`,
    banChanged: (change: BanChange, current: BanRecord | null) =>
      change === 'lifted'
        ? 'The ban this appeal was about has been lifted, so there is nothing left to decide.'
        : `The ban this appeal was about is no longer the one in place: ${current ? `a new ban was made on ${applicantDay(current.at)} (${current.reason})` : 'another ban stands in its place'}. You can appeal the new ban.`,
    decided: (appeal) => {
      const what = `Your ${BRAND} ban appeal (${banName(appeal.ban)})`;
      if (appeal.status === 'closed') return `${what} was closed.${applicantMessageLine(appeal.applicantMessage)}`;
      if (appeal.status === 'approved')
        return `${what} was approved${appeal.ban === 'account' ? ': your account is no longer banned' : appeal.ban === 'store' ? ': you can buy from the store again' : ''}.${applicantMessageLine(appeal.applicantMessage)}`;
      const from = reapplyAt({ reapply: APPEAL_REAPPLY }, appeal);
      const again = from ? ` You can appeal again from ${applicantDay(from)}.` : '';
      return `${what} was denied.${again}${applicantMessageLine(appeal.applicantMessage)}`;
    },
  },
} as const satisfies ApplicationKind<AppealAnswers, AppealStatus>;

export type AppealKind = typeof appealKind;

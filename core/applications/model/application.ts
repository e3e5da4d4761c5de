import type { z } from 'zod';
import type { Permission } from '../../users/model/permissions.ts';
import type { FormLayout } from './form-layout.ts';
import type { VoteSummary } from './votes.ts';

export const APPLICATION_KIND_NAMES = ['whitelist', 'staff', 'appeal'] as const;
export type ApplicationKindName = (typeof APPLICATION_KIND_NAMES)[number];

/** The bans the site itself lifts when an appeal is approved: the account's, and the store's. */
export type LiftableBan = 'account' | 'store';

/** One ban as the site holds it: a website ban's users.banned_at and reason, or the store ban's row. */
export interface BanRecord {
  at: Date;
  reason: string;
}

/** The same ban: a ban is known by when it was made (none and none are the same). */
export const sameBan = (a: BanRecord | null, b: BanRecord | null) =>
  a === null || b === null ? a === b : a.at.getTime() === b.at.getTime();

/** Why a pending appeal was closed without a decision: its ban was lifted, or another ban stands in its place. */
export type BanChange = 'lifted' | 'replaced';

/** What every application holds besides its answers; identity comes from the session, never the form. */
export interface ApplicationRecord<S extends string = string> {
  id: string;
  /** the applicant's user id */
  userId: string;
  discordId: string;
  discordUsername: string;
  status: S;
  /** staff only: the applicant never reads them */
  reviewNotes: string | null;
  /** what the applicant reads about the latest review; null when the reviewer wrote none */
  applicantMessage: string | null;
  reviewedBy: string | null;
  reviewerId: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
  /** a kind that lifts bans (`banClosed`): the ban it was filed against, when the site held one then */
  appealedBanAt?: Date | null;
  appealedBanReason?: string | null;
}

export type Answers = Record<string, unknown>;
export type Application<A = Answers, S extends string = string> = A & ApplicationRecord<S>;

/**
 * What the review screens read; `currentStaff` only for kinds that show it; `votes` where the reader is a reviewer (the
 * review list, the application's own page, the answer to a review).
 */
export type ApplicationView<A = Answers, S extends string = string> = Application<A, S> & {
  currentStaff?: boolean;
  votes?: VoteSummary;
};

/** The identity an application is filed under: always the signed-in user's. */
export interface Applicant {
  id: string;
  discordId: string;
  discordUsername: string | null;
  username: string | null;
  /** set while the account is banned (a ban appeal reads it) */
  bannedAt?: Date | null;
}

/**
 * One kind of application, declared once: its questions (the answers schema), its statuses and the moves
 * between them, who decides, and what it says. The use cases, repositories, routes, commands and form read it.
 */
/** Unparameterised, it is any kind: code that serves every kind reads a kind without knowing its answers. */
export interface ApplicationKind<A = unknown, S extends string = string> {
  name: ApplicationKindName;
  /** 'whitelist application': messages are built from it */
  label: string;
  /** prefix of the error codes: APPLICATION_NOT_FOUND, STAFF_APPLICATION_NOT_FOUND */
  codePrefix: string;
  /** the questions: what the applicant may send and the rules it must meet */
  answers: z.ZodObject & z.ZodType<A>;
  /** how the form asks them */
  form: FormLayout;
  /** the first is where every application starts */
  statuses: readonly [S, ...S[]];
  /** where each status may move; a status with no moves is final */
  transitions: Record<S, readonly S[]>;
  /** an applicant holds at most one application in these statuses */
  open: readonly S[];
  /** the permission that decides */
  decider: Permission;
  /** `trimmed`: notes are trimmed, empty is none; `as-written`: stored as sent, no notes keep the earlier ones */
  notes: 'trimmed' | 'as-written';
  /** an approved application lets its applicant into the game server, and they cannot apply again */
  approvalWhitelists: boolean;
  /** whether approving this application lifts its applicant's ban on this site (the player page's unban) */
  approvalLiftsBan?(application: A): LiftableBan | null;
  /**
   * With `approvalLiftsBan`: each application records the ban it was filed against, approval lifts only that ban,
   * and a pending one moves to this status, a final one, when that ban is lifted or replaced.
   */
  banClosed?: S;
  /** a refusal (`reapply.after`) must carry a message to the applicant saying why */
  refusalNeedsMessage?: boolean;
  /** an approval does not stop the applicant from applying again later (a new ban may be appealed) */
  approvedMayApplyAgain?: boolean;
  /** answers that are well formed yet refused outright (nothing is stored): the reason, or null to go on */
  refusal?(answers: A, applicant: Applicant): { code: string; message: string; path: string } | null;
  /** the review views show whether the applicant already holds the staff or admin role */
  showsCurrentStaff: boolean;
  /** a refused application (this status) lets its applicant apply again from the start of the UTC day this many
   * days after the decision */
  reapply: { after: S; days: number };
  /**
   * What a review list shows of each application besides identity, status and date: these answers, and the start
   * of one long answer (`preview`, cut at `length` characters); the rest is read from the application itself.
   */
  summary: { answers: readonly string[]; preview?: { answer: string; length: number } };
  /** every application counted by one answer, as the review screens show it */
  tally?: { field: string; values: readonly string[] };
  texts: {
    /** a status change that the transitions do not allow; `raced` when another reviewer moved it first */
    cannotMove(from: S, to: S, raced: boolean): { code: string; message: string };
    /** a new application from an applicant whose application of the kind was approved */
    alreadyApproved: { code: string; message: string };
    /** the staff channel's notice of a new application */
    submitted(application: Application<A, S>): string;
    /** the applicant's direct message on a status change */
    decided(application: Application<A, S>): string;
    /** with `banClosed`: what the applicant reads on an application closed because its ban changed */
    banChanged?(change: BanChange, current: BanRecord | null): string;
  };
}

export function canMove<S extends string>(kind: ApplicationKind<unknown, S>, from: S, to: S): boolean {
  return kind.transitions[from].includes(to);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the applicant of a refused application may apply again: 00:00 UTC on the day `reapply.days` after the
 * decision's day (a whole day, so the date the applicant reads is the date the server holds to). Null when the
 * application is not refused.
 */
export function reapplyAt<S extends string>(
  kind: Pick<ApplicationKind<unknown, S>, 'reapply'>,
  application: Pick<ApplicationRecord<S>, 'status' | 'reviewedAt'>,
): Date | null {
  if (application.status !== kind.reapply.after || !application.reviewedAt) return null;
  const decided = application.reviewedAt;
  return new Date(
    Date.UTC(decided.getUTCFullYear(), decided.getUTCMonth(), decided.getUTCDate()) + kind.reapply.days * DAY_MS,
  );
}

/** A day as the applicant reads it, in UTC as the server counts: 'November 30, 2026'. */
export const applicantDay = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** The line a Discord message adds for the reviewer's message to the applicant. */
export const applicantMessageLine = (message: string | null) => (message ? `\nMessage from the team: ${message}` : '');

/**
 * An application as a review list reads it (`ListQuery.summary`): identity, status, dates and the kind's summary
 * answers; the preview answer cut one character past its length (so a reader knows it was cut); other answers null.
 */
export function summaryOf<A, S extends string>(
  kind: Pick<ApplicationKind<A, S>, 'answers' | 'summary'>,
  application: Application<A, S>,
): Application<A, S> {
  const { answers, preview } = kind.summary;
  const row: Record<string, unknown> = { ...(application as Record<string, unknown>) };
  for (const answer of Object.keys(kind.answers.shape)) if (!answers.includes(answer)) row[answer] = null;
  if (preview) {
    const text = (application as Record<string, unknown>)[preview.answer];
    row[preview.answer] = typeof text === 'string' ? text.slice(0, preview.length + 1) : null;
  }
  return row as Application<A, S>;
}

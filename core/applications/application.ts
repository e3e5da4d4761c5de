import type { z } from 'zod';
import type { Role } from '../users/user.ts';
import type { FormLayout } from './form-layout.ts';

export type ApplicationKindName = 'whitelist' | 'staff';

/** What every application holds besides its answers; identity comes from the session, never the form. */
export interface ApplicationRecord<S extends string = string> {
  id: string;
  /** the applicant's user id */
  userId: string;
  discordId: string;
  discordUsername: string;
  status: S;
  reviewNotes: string | null;
  reviewedBy: string | null;
  reviewerId: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

export type Answers = Record<string, unknown>;
export type Application<A = Answers, S extends string = string> = A & ApplicationRecord<S>;

/** What the review screens read; `currentStaff` only for kinds that show it. */
export type ApplicationView<A = Answers, S extends string = string> = Application<A, S> & { currentStaff?: boolean };

/** The identity an application is filed under: always the signed-in user's. */
export interface Applicant {
  id: string;
  discordId: string;
  discordUsername: string | null;
  username: string | null;
}

/**
 * One kind of application, declared once: its questions (the answers schema), its statuses and the moves
 * between them, who decides, and what it says. The use cases, repositories, routes, commands and form read it.
 */
/** `any` by default: code that serves every kind reads a kind without knowing its answers. */
export interface ApplicationKind<A = any, S extends string = any> {
  name: ApplicationKindName;
  /** 'whitelist application': messages are built from it */
  label: string;
  /** prefix of the error codes: APPLICATION_NOT_FOUND, STAFF_APPLICATION_NOT_FOUND */
  codePrefix: string;
  /** the questions: what the applicant may send and the rules it must meet */
  answers: z.ZodObject<any> & z.ZodType<A>;
  /** how the form asks them */
  form: FormLayout;
  /** the first is where every application starts */
  statuses: readonly [S, ...S[]];
  /** where each status may move; a status with no moves is final */
  transitions: Record<S, readonly S[]>;
  /** an applicant holds at most one application in these statuses */
  open: readonly S[];
  /** the least role that decides */
  decider: Role;
  /** `trimmed`: notes are trimmed, empty is none; `as-written`: kept as sent, no notes keep the earlier ones */
  notes: 'trimmed' | 'as-written';
  /** an approved application lets its applicant into the game server, and they cannot apply again */
  approvalWhitelists: boolean;
  /** the review views show whether the applicant already holds the staff or admin role */
  showsCurrentStaff: boolean;
  /** every application counted by one answer, as the review screens show it */
  tally?: { field: string; values: readonly string[] };
  texts: {
    /** a status change that the transitions do not allow; `raced` when another reviewer moved it first */
    cannotMove(from: S, to: S, raced: boolean): { code: string; message: string };
    /** the staff channel's notice of a new application */
    submitted(application: Application<A, S>): string;
    /** the applicant's direct message on a status change */
    decided(application: Application<A, S>): string;
  };
}

export function canMove<S extends string>(kind: ApplicationKind<unknown, S>, from: S, to: S): boolean {
  return kind.transitions[from].includes(to);
}

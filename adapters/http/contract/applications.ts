import { z } from 'zod';
import { oneOf, typeError } from '../../../core/applications/model/answer-fields.ts';
import type { ApplicationKind } from '../../../core/applications/model/application.ts';
import { appealKind, type AppealAnswers, type AppealStatus } from '../../../core/applications/model/kinds/appeal.ts';
import {
  staffKind,
  type StaffAnswers,
  type StaffPosition,
  type StaffStatus,
} from '../../../core/applications/model/kinds/staff.ts';
import {
  whitelistKind,
  type WhitelistAnswers,
  type WhitelistStatus,
} from '../../../core/applications/model/kinds/whitelist.ts';
import {
  applicantMessageField,
  optionalReviewNotes,
  requiredReviewNotes,
  reviewNotesAsWritten,
} from '../../../core/applications/model/review-notes.ts';
import { VOTE_CHOICES, type VoteChoice, voteNoteField } from '../../../core/applications/model/votes.ts';

/** The rules are core's: the form in the browser and the request body are checked by the same schemas. */
export {
  HOURS_PER_WEEK_OPTIONS,
  WHITELIST_STATUSES,
  WHITELIST_TIMEZONES,
  whitelistKind,
} from '../../../core/applications/model/kinds/whitelist.ts';
export {
  STAFF_POSITION_OPTIONS,
  STAFF_POSITIONS,
  STAFF_STATUSES,
  STAFF_TIMEZONES,
  staffKind,
} from '../../../core/applications/model/kinds/staff.ts';
export {
  APPEAL_BAN_OPTIONS,
  APPEAL_OFFENCE_OPTIONS,
  APPEAL_STATUSES,
  NON_APPEALABLE_OFFENCES,
  appealKind,
} from '../../../core/applications/model/kinds/appeal.ts';
export {
  APPLICANT_MESSAGE_MAX_LENGTH,
  REVIEW_NOTES_TOO_SHORT,
  requiredReviewNotes,
} from '../../../core/applications/model/review-notes.ts';
export type { ApplicationKind } from '../../../core/applications/model/application.ts';
export { VOTE_CHOICES, type VoteChoice } from '../../../core/applications/model/votes.ts';
export {
  questionsOf,
  type FormLayout,
  type FormSection,
  type Question,
} from '../../../core/applications/model/form-layout.ts';

/** Identity comes from the session: these may be sent (the form does) and are ignored. */
const ignoredIdentity = {
  discordId: z.string({ error: typeError('string') }).nullish(),
  discordUsername: z.string({ error: typeError('string') }).nullish(),
};

/** POST body of a kind: its answers, and the identity fields the form also sends. */
export function submissionSchema<Shape extends z.ZodRawShape>(answers: z.ZodObject<Shape>) {
  return z.object({ ...ignoredIdentity, ...answers.shape });
}

export const whitelistApplicationSchema = submissionSchema(whitelistKind.answers);
export type WhitelistApplicationInput = z.input<typeof whitelistApplicationSchema>;
export const staffApplicationSchema = submissionSchema(staffKind.answers);
export type StaffApplicationInput = z.input<typeof staffApplicationSchema>;

/** The statuses a reviewer may set: where a new application may move. */
const reviewStatus = <S extends string>(kind: ApplicationKind<unknown, S>) =>
  oneOf(kind.transitions[kind.statuses[0]] as [S, ...S[]], 'Status');

/** PATCH /api/applications/{id}/review (the /admin-applications screen and the terminal). */
export const reviewApplicationSchema = z.object({
  status: reviewStatus(whitelistKind),
  reviewNotes: requiredReviewNotes,
  applicantMessage: applicantMessageField,
});
export type ReviewApplicationInput = z.input<typeof reviewApplicationSchema>;

/** PATCH /api/applications/{id} (the /staff-applications screen): denied means rejected, notes optional. */
export const updateApplicationSchema = z.object({
  status: oneOf(['approved', 'denied', 'rejected'], 'Status'),
  reviewNotes: optionalReviewNotes,
  applicantMessage: applicantMessageField,
});
export type UpdateApplicationInput = z.input<typeof updateApplicationSchema>;

/** A review whose notes are optional and stored as written, with the statuses the kind lets a reviewer set. */
const reviewAsWritten = <S extends string>(kind: ApplicationKind<unknown, S>) =>
  z.object({
    status: reviewStatus(kind),
    reviewNotes: reviewNotesAsWritten,
    applicantMessage: applicantMessageField,
  });

/** PATCH /api/staff-applications/{id}: notes optional and stored as written. */
export const reviewStaffApplicationSchema = reviewAsWritten(staffKind);
export type ReviewStaffApplicationInput = z.input<typeof reviewStaffApplicationSchema>;

export const appealSchema = submissionSchema(appealKind.answers);
export type AppealInput = z.input<typeof appealSchema>;

/** PATCH /api/appeals/{id}: approved or denied; notes optional, stored as written; a denial needs its message. */
export const reviewAppealSchema = reviewAsWritten(appealKind);
export type ReviewAppealInput = z.input<typeof reviewAppealSchema>;

/** POST /api/applications/{id}/votes (and the staff applications' and appeals'): a vote, its note, the message should it decide. */
export const castVoteSchema = z.object({
  choice: z.enum(VOTE_CHOICES, { error: 'Choose approve, deny or abstain' }),
  note: voteNoteField,
  applicantMessage: applicantMessageField,
});
export type CastVoteInput = z.input<typeof castVoteSchema>;

/** One vote as a reviewer reads it. */
export interface VoteDto {
  reviewerName: string;
  choice: VoteChoice;
  /** staff only */
  note: string | null;
  createdAt: string;
}

/**
 * The votes on an application as the reader may see them (decision 0106): while the kind hides votes until one has
 * voted, `count` is null and `votes` empty; `cast` counts them either way.
 */
export interface VotesDto {
  /** approvals (or denials) that decide */
  quorum: number;
  cast: number;
  visible: boolean;
  count: Record<VoteChoice, number> | null;
  /** oldest first; empty in a review list's rows */
  votes: VoteDto[];
  /** the reader's own vote */
  mine: VoteChoice | null;
  /** the reader holds "decide alone": their approval or denial decides at once */
  decidesAlone: boolean;
  /**
   * how many may vote on the kind: fewer than `quorum`, only one who decides alone can decide it. On an application's
   * own page; null in a vote's answer
   */
  voters: number | null;
}

/** A review list row's votes. */
export type VoteTallyDto = Pick<VotesDto, 'cast' | 'count'>;

export const pagingQuery = {
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').optional(),
  pageSize: z.coerce
    .number()
    .int('Page size must be a whole number')
    .min(1, 'Page size must be 1 to 100')
    .max(100, 'Page size must be 1 to 100')
    .optional(),
  /** keyset paging: the applications after this one (the previous page's nextBefore); page is then ignored */
  before: z.uuid('Before must be an application id').optional(),
};

export function listQuerySchema<S extends string>(kind: ApplicationKind<unknown, S>) {
  return z.object({
    status: oneOf(kind.statuses, 'Status').optional(),
    ...pagingQuery,
    /** `true`: each row also carries the start of the kind's long answer (the second whitelist screen's preview) */
    preview: z.enum(['true', 'false'], { error: 'Preview must be true or false' }).optional(),
  });
}

/** An application as the API responds: identity, the kind's answers, then where its review stands. */
export type ApplicationDto<A, S extends string> = {
  id: string;
  /** the applicant's account: the key of their player page (staff only) */
  userId: string;
  discordId: string;
  discordUsername: string;
} & A & {
    status: S;
    /** staff only */
    reviewNotes: string | null;
    /** what the applicant reads of the latest review */
    applicantMessage: string | null;
    reviewedBy: string | null;
    reviewedAt: string | null;
    createdAt: string;
    /** for reviewers: the votes so far, as they may see them */
    votes?: VotesDto;
    /** in the answer to a vote (or a review that was one): whether it decided the application */
    decided?: boolean;
  };
/**
 * An application as a review list shows it (GET /api/applications, /api/staff-applications): who, where it stands,
 * when, and the kind's summary answers; every answer is read from the application's own route.
 */
export type ApplicationSummaryDto<T extends { status: string }> = Pick<
  T & ApplicationDto<object, T['status']>,
  'id' | 'userId' | 'discordUsername' | 'status' | 'createdAt'
> & {
  /** once anyone has voted: how many, and the split while the reader may see it ("1 approve · 1 deny") */
  votes?: VoteTallyDto;
};

/** The whitelist table's applicant (with email), age and 18+ columns, and the backstory's first 100 characters. */
export type WhitelistApplicationSummaryDto = ApplicationSummaryDto<WhitelistApplicationDto> &
  Pick<WhitelistAnswers, 'email' | 'age' | 'isEighteenPlus'> & {
    /** with `preview=true` only: the character backstory up to 100 characters, ending in "..." when cut */
    preview?: string;
  };
/** The staff table's applicant (real name), position and experience (current staff or not, with age) columns. */
export type StaffApplicationSummaryDto = ApplicationSummaryDto<StaffApplicationDto> &
  Pick<StaffAnswers, 'realName' | 'position' | 'age'> & { currentStaff: boolean };

export interface ApplicationListDto<T = WhitelistApplicationSummaryDto, S extends string = WhitelistStatus> {
  applications: T[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<S, number>;
  nextBefore: string | null;
}

export type WhitelistApplicationDto = ApplicationDto<WhitelistAnswers, WhitelistStatus>;
export type WhitelistStatusDto = WhitelistStatus;
export type StaffApplicationDto = ApplicationDto<StaffAnswers, StaffStatus> & {
  /** the applicant already holds the staff or admin role */
  currentStaff: boolean;
};
export type StaffStatusDto = StaffStatus;
export type AppealDto = ApplicationDto<AppealAnswers, AppealStatus>;
export type AppealStatusDto = AppealStatus;
/** The appeals table's player, ban, characters and when. */
export type AppealSummaryDto = ApplicationSummaryDto<AppealDto> &
  Pick<AppealAnswers, 'ban' | 'characterNames' | 'bannedAround'>;
export type AppealListDto = ApplicationListDto<AppealSummaryDto, AppealStatus>;
export type StaffPositionDto = StaffPosition;
export interface StaffApplicationListDto extends ApplicationListDto<StaffApplicationSummaryDto, StaffStatus> {
  positions: Record<StaffPosition, number>;
}

/**
 * What an applicant sees of their own applications: where each stands, the message the reviewer wrote them and,
 * for a refused one, from when a new one is welcome; never the staff's review notes nor who reviewed it.
 */
export const myApplicationSchema = z.object({
  id: z.string(),
  status: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  applicantMessage: z.string().nullable(),
  /** ISO time from which a new application is accepted; null unless this one was refused */
  applyAgainAt: z.string().nullable(),
});
export const myApplicationsSchema = z.object({
  applications: z.array(myApplicationSchema),
  /**
   * whether a decision also reaches the applicant as a Discord direct message (the site's Discord bot is configured);
   * when false it shows only on the site: the application's own page and /account
   */
  decisionsOnDiscord: z.boolean(),
});
export type MyApplicationsDto = z.infer<typeof myApplicationsSchema>;

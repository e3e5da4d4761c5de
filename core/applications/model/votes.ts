import { z } from 'zod';
import { hasPermission, type PermissionHolder } from '../../users/model/permissions.ts';
import type { ApplicationKind, ApplicationKindName } from './application.ts';

/** What a reviewer may vote on an open application (decision 0106). */
export const VOTE_CHOICES = ['approve', 'deny', 'abstain'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];
/** The votes that can decide: abstaining never does. */
export type DecidingChoice = Exclude<VoteChoice, 'abstain'>;

/** One reviewer's vote on one application; each reviewer votes once on each application. */
export interface Vote {
  id: string;
  kind: ApplicationKindName;
  applicationId: string;
  reviewerId: string;
  /** the reviewer's name when they voted, as the audit log records a reviewer */
  reviewerName: string;
  choice: VoteChoice;
  /** for staff only: the applicant never reads it */
  note: string | null;
  createdAt: Date;
}

/** How a kind is decided by a team: the approvals (or denials) that decide it, and who sees the votes before voting. */
export interface KindQuorum {
  /** this many approvals approve, this many denials refuse */
  approvals: number;
  /** false: a reviewer sees the others' votes only once they have voted, or once the application is decided */
  votesVisibleBeforeVoting: boolean;
}

export type QuorumSettings = Record<ApplicationKindName, KindQuorum>;

/** The most approvals an owner may ask for: beyond it a kind would wait on more reviewers than a server has. */
export const MAX_QUORUM = 10;

/** Whitelist applications and appeals are decided by one reviewer, staff applications by two. */
export const DEFAULT_QUORUM: QuorumSettings = {
  whitelist: { approvals: 1, votesVisibleBeforeVoting: true },
  staff: { approvals: 2, votesVisibleBeforeVoting: true },
  appeal: { approvals: 1, votesVisibleBeforeVoting: true },
};

export const VOTE_NOTE_MAX_LENGTH = 5000;

/** A vote's note: optional, trimmed, empty is none. */
export const voteNoteField = z
  .string({ error: 'The note must be text' })
  .trim()
  .max(VOTE_NOTE_MAX_LENGTH, `The note can be at most ${VOTE_NOTE_MAX_LENGTH} characters`)
  .nullish()
  .transform((value) => value || null);

export interface VoteCount {
  approve: number;
  deny: number;
  abstain: number;
}

export function countVotes(votes: readonly Pick<Vote, 'choice'>[]): VoteCount {
  const count: VoteCount = { approve: 0, deny: 0, abstain: 0 };
  for (const vote of votes) count[vote.choice] += 1;
  return count;
}

/** What the votes decide: approval once approvals reach the quorum, refusal once denials do; else nothing yet. */
export function quorumOutcome(count: VoteCount, approvals: number): DecidingChoice | null {
  if (count.approve >= approvals) return 'approve';
  if (count.deny >= approvals) return 'deny';
  return null;
}

/** The vote a review status stands for: approving, refusing (the kind's refusal), or none (a move such as under review). */
export function voteOf<S extends string>(
  kind: Pick<ApplicationKind<unknown, S>, 'reapply'>,
  status: S,
): DecidingChoice | null {
  if (status === 'approved') return 'approve';
  if (status === kind.reapply.after) return 'deny';
  return null;
}

/** The status a deciding vote moves an application to: approved, or the kind's refusal (rejected, denied). */
export function statusOf<S extends string>(
  kind: Pick<ApplicationKind<unknown, S>, 'reapply'>,
  choice: DecidingChoice,
): S {
  return (choice === 'approve' ? 'approved' : kind.reapply.after) as S;
}

/** The votes on one application as one reviewer (or the operator, who is none) may read them. */
export interface VoteSummary {
  /** approvals (or denials) that decide */
  quorum: number;
  /** how many voted */
  cast: number;
  /** false while the reader may not see the others' votes (they have not voted, and the kind hides votes till then) */
  visible: boolean;
  /** per choice; null while hidden */
  count: VoteCount | null;
  /** each vote, oldest first; empty while hidden, and in a review list's rows */
  votes: Vote[];
  /** the reader's own vote */
  mine: VoteChoice | null;
  /** the reader holds "decide alone": their approval or denial decides at once */
  decidesAlone: boolean;
  /**
   * how many may vote on the kind (hold its deciding permission): fewer than the quorum, only one who decides alone
   * can decide it. Read on an application's own page; null where it was not read (a review list, a vote's answer).
   */
  voters: number | null;
}

/** Who reads the votes: a reviewer, by id and permissions; none is the operator at the terminal. */
export type VoteReader = PermissionHolder & { id: string };

/**
 * The votes as `reader` may read them: all of them once the application is decided, once the reader has voted, or
 * where the kind shows votes before voting; the operator (no reader) reads every vote.
 */
export function summaryOfVotes(
  votes: readonly Vote[],
  input: { quorum: KindQuorum; reader: VoteReader | null; decided: boolean; withVotes: boolean; voters?: number },
): VoteSummary {
  const { reader } = input;
  const mine = reader ? (votes.find((vote) => vote.reviewerId === reader.id)?.choice ?? null) : null;
  const visible = reader === null || input.decided || mine !== null || input.quorum.votesVisibleBeforeVoting;
  return {
    quorum: input.quorum.approvals,
    cast: votes.length,
    visible,
    count: visible ? countVotes(votes) : null,
    votes: visible && input.withVotes ? [...votes] : [],
    mine,
    decidesAlone: reader ? hasPermission(reader, 'decide-alone') : false,
    voters: input.voters ?? null,
  };
}

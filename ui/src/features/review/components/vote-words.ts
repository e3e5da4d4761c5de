import type { VoteChoice, VotesDto } from '@contract/applications.ts';
import type { ToastInput } from '@/components/ui/toast.tsx';

export type DecidingChoice = Exclude<VoteChoice, 'abstain'>;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "1 approve · 1 deny", abstentions only when there are some: how a split vote reads in a list and in the dialog. */
export function splitOf(count: Record<VoteChoice, number>): string {
  const parts = [`${count.approve} approve`, `${count.deny} deny`];
  if (count.abstain > 0) parts.push(`${count.abstain} abstain`);
  return parts.join(' · ');
}

/** What decides a kind, in a line. */
export function quorumLine(votes: Pick<VotesDto, 'quorum'>): string {
  return votes.quorum === 1
    ? 'One approval approves it; one denial refuses it.'
    : `${plural(votes.quorum, 'approval', 'approvals')} approve it; ${plural(votes.quorum, 'denial', 'denials')} refuse it.`;
}

/**
 * For a reviewer whose vote does not decide alone, when fewer may vote on the kind than its quorum needs: votes can
 * never decide it, so it waits for one who decides alone. Null when the quorum can be reached, when the reader decides
 * alone anyway, or when the count was not read.
 */
export function shortOfVoters(
  votes: Pick<VotesDto, 'quorum' | 'voters' | 'decidesAlone'>,
  thing = 'application',
): string | null {
  if (votes.decidesAlone || votes.voters === null || votes.voters >= votes.quorum) return null;
  return `Only ${plural(votes.voters, 'reviewer', 'reviewers')} may vote on this and the quorum needs ${votes.quorum}, so votes alone cannot decide the ${thing}. An admin decides it, or gives more staff the permission to review.`;
}

/** "1 of 2 approvals": where one side stands. */
const standing = (votes: VotesDto, choice: DecidingChoice) => {
  const word = choice === 'approve' ? 'approval' : 'denial';
  return `${votes.count?.[choice] ?? 0} of ${votes.quorum} ${votes.quorum === 1 ? word : `${word}s`}`;
};

/**
 * What a vote did, for its toast: a vote short of the quorum ("Your vote is in: 1 of 2 approvals"), or the decision the
 * quorum took ("Approved: the quorum was reached"). Null for a decision one reviewer took alone: the screen's own
 * words for a decision say it.
 */
export function voteToast(
  result: { status: string; votes?: VotesDto; decided?: boolean },
  choice: VoteChoice,
  reader = 'applicant',
): ToastInput | null {
  const { votes } = result;
  if (!votes) return null;
  if (!result.decided)
    return {
      title: 'Your vote is in',
      description:
        choice === 'abstain'
          ? `You abstained. ${standing(votes, 'approve')} so far; the others decide.`
          : `${standing(votes, choice)}. The ${result.status.replace('_', ' ')} application waits for more votes.`,
      variant: 'success',
    };
  if (choice === 'abstain' || votes.quorum <= 1 || (votes.count?.[choice] ?? 0) < votes.quorum) return null;
  const word = result.status.charAt(0).toUpperCase() + result.status.slice(1);
  return {
    title: `${word}: the quorum was reached`,
    description: `${standing(votes, choice)}. The ${reader} is told.`,
    variant: 'success',
  };
}

/**
 * Whether the reader's approval or denial decides: at once when they may decide alone or one vote decides the kind,
 * else when it brings its side to the quorum (as far as the votes they can see tell).
 */
export function voteRules(votes: VotesDto | undefined) {
  const alone = !votes || votes.decidesAlone || votes.quorum <= 1;
  return {
    /** a vote decides whatever the others did: the one question of a final decision is asked */
    alone,
    decides: (choice: DecidingChoice) => alone || (votes?.count ? votes.count[choice] + 1 >= votes.quorum : false),
    /** the reader has voted: a reviewer votes once */
    voted: Boolean(votes?.mine),
  };
}

/** The question a vote short of the quorum asks before it is sent (a vote cannot be changed either). */
export function voteQuestion(label: string, thing: string, applicant: string, quorum: number, reader: string): string {
  return `Vote to ${label.toLowerCase()} the ${thing} from ${applicant}? Your vote cannot be changed; the ${thing} is decided once ${plural(quorum, 'reviewer agrees', 'reviewers agree')}, and then the ${reader} is told.`;
}

/** The vote a decision button stands for: approving, refusing (rejected, denied), or none (under review). */
export function choiceOf(status: string): DecidingChoice | null {
  if (status === 'approved') return 'approve';
  return status === 'rejected' || status === 'denied' ? 'deny' : null;
}

/** The neutral button a reviewer abstains with, where their vote alone does not decide. */
export const ABSTAIN_COLOURS = 'bg-slate-600 hover:bg-slate-700';

/** The question an abstention asks before it is sent. */
export const abstainQuestion = (thing: string, applicant: string) =>
  `Abstain on the ${thing} from ${applicant}? Your vote cannot be changed; the others decide.`;

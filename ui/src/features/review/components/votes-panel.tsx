import type { VoteChoice, VotesDto, VoteTallyDto } from '@contract/applications.ts';
import { dayAndTime } from '@/lib/dates.ts';
import { quorumLine, shortOfVoters, splitOf } from './vote-words.ts';

const CHOICE_CLASSES: Record<VoteChoice, string> = {
  approve: 'text-green-300',
  deny: 'text-red-300',
  abstain: 'text-slate-300',
};

/** A review list row's votes under its status: the split ("1 approve · 1 deny"), or how many, while hidden. */
export function VoteTally({ votes }: { votes: VoteTallyDto | undefined }) {
  if (!votes || votes.cast === 0) return null;
  return (
    <span data-testid="vote-split" className="mt-1 block whitespace-nowrap text-xs text-slate-300">
      {votes.count ? splitOf(votes.count) : `${votes.cast} ${votes.cast === 1 ? 'vote' : 'votes'}`}
    </span>
  );
}

/**
 * The votes on an application in its dialog: what decides it, the split and each vote with its note, or, while the
 * kind hides votes from a reviewer who has not voted, only how many were cast; and the reader's own vote.
 */
export function VotesPanel({ votes, thing = 'application' }: { votes: VotesDto | undefined; thing?: string }) {
  if (!votes) return null;
  const short = shortOfVoters(votes, thing);
  return (
    <section aria-label="Votes" className="grid min-w-0 gap-2 rounded-lg border border-bayou-700 p-3 text-sm">
      <h3 className="font-semibold text-moss-300">Votes</h3>
      <p className="text-slate-300">{quorumLine(votes)}</p>
      {short && (
        <p
          className="rounded-md border border-yellow-400/40 bg-yellow-500/10 p-2 text-yellow-100"
          data-testid="short-of-voters"
        >
          {short}
        </p>
      )}
      {!votes.visible ? (
        <p className="text-slate-200">
          {votes.cast} {votes.cast === 1 ? 'vote' : 'votes'} cast. The others&apos; votes show once you have voted.
        </p>
      ) : votes.cast === 0 ? (
        <p className="text-slate-200">No votes yet.</p>
      ) : (
        <>
          {votes.count && <p className="font-semibold text-slate-100">{splitOf(votes.count)}</p>}
          <ul className="grid gap-1">
            {votes.votes.map((vote) => (
              <li key={`${vote.reviewerName} ${vote.createdAt}`} className="[overflow-wrap:anywhere]">
                <span className="font-semibold text-slate-100">{vote.reviewerName}</span>{' '}
                <span className={`font-semibold ${CHOICE_CLASSES[vote.choice]}`}>{vote.choice}</span>
                <span className="text-slate-400"> · {dayAndTime(vote.createdAt)}</span>
                {vote.note && <span className="block text-slate-300">{vote.note}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {votes.mine && (
        <p className="text-slate-200" data-testid="my-vote">
          You voted {votes.mine}. A vote cannot be changed; the {thing} is decided once the approvals or the denials
          reach {votes.quorum}.
        </p>
      )}
    </section>
  );
}

import { useEffect, useRef } from 'react';
import type { WhitelistApplicationDto } from '@contract/applications.ts';
import { useToast } from '@/components/ui/toast.tsx';
import { useDecision, useVote } from '../api/review.ts';
import { WhitelistDetails } from '../kinds/whitelist.tsx';
import { StatusBadge } from './badges.tsx';
import { DECISION_COLOURS, type DecisionOption, DecisionButtons } from './decision-buttons.tsx';
import { ReviewFields } from './review-text-fields.tsx';
import { useReviewForm } from './use-review-form.ts';
import {
  ABSTAIN_COLOURS,
  abstainQuestion,
  type DecidingChoice,
  voteRules,
  voteQuestion,
  voteToast,
} from './vote-words.ts';
import { VotesPanel } from './votes-panel.tsx';

type Choice = 'approved' | 'rejected' | 'abstain';

/**
 * The second whitelist screen's detail panel: every answer (as in the /admin-applications dialog), the votes so far;
 * notes optional. Approve and Reject are votes; Abstain shows where the reviewer's vote alone does not decide.
 */
export function WhitelistReviewPanel({ application }: { application: WhitelistApplicationDto }) {
  const form = useReviewForm();
  const heading = useRef<HTMLHeadingElement>(null);
  // a new selection fills this panel: focus moves to its heading, so a screen reader says whose it is
  useEffect(() => heading.current?.focus(), []);
  // PATCH /api/applications/{id}: approved or rejected, notes optional
  const update = useDecision<'approved' | 'rejected', WhitelistApplicationDto>('whitelist');
  const vote = useVote<WhitelistApplicationDto>('whitelist');
  const rules = voteRules(application.votes);
  const { toast } = useToast();
  const busy = update.isPending || vote.isPending;

  const decide = (status: Choice) => {
    if (busy) return;
    const choice = status === 'approved' ? 'approve' : status === 'rejected' ? 'deny' : 'abstain';
    const sending =
      status === 'abstain'
        ? vote.mutateAsync({ id: application.id, choice, note: form.notes, applicantMessage: form.message })
        : update.mutateAsync({ id: application.id, status, reviewNotes: form.notes, applicantMessage: form.message });
    // awaited here, not in mutate's own callbacks: the refetch after the decision redraws the panel, and mutate's
    // callbacks do not run for a form that has gone
    sending.then(
      (result) =>
        toast(
          voteToast(result, choice) ?? {
            title: 'Application Updated',
            description: 'Application review has been submitted successfully.',
            variant: 'success',
          },
        ),
      (error: unknown) => {
        // a refused field says why at the field (focus goes there); the toast tells that it failed
        form.refused(error, 'Error');
        toast({
          title: 'Error',
          description: 'Failed to update application. Please try again.',
          variant: 'destructive',
        });
      },
    );
  };

  return (
    // a decision takes its buttons away: focus goes back to the heading, not to the top of the page
    <article data-focus-scope className="grid gap-4 rounded-xl border border-bayou-700 bg-bayou-900 p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2
          ref={heading}
          data-focus-rescue
          tabIndex={-1}
          className="min-w-0 font-display text-xl font-bold text-gold-400 [overflow-wrap:anywhere] focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400"
        >
          {application.discordUsername}
        </h2>
        <StatusBadge status={application.status} />
      </header>
      <WhitelistDetails application={application} playerLabel="Player" />
      <VotesPanel votes={application.votes} />
      {application.status === 'pending' && !rules.voted && (
        <div className="grid gap-3">
          <ReviewFields
            form={form}
            notesLabel="Review notes (optional)"
            templates={{ kind: 'whitelist', player: application.discordUsername }}
          />
          <DecisionButtons
            options={options(application, rules)}
            applicant={application.discordUsername}
            busy={busy}
            onDecide={decide}
          />
        </div>
      )}
    </article>
  );
}

/** Approve and Reject, each a vote (its question says so where it may not decide), and Abstain where it may not. */
function options(application: WhitelistApplicationDto, rules: ReturnType<typeof voteRules>): DecisionOption<Choice>[] {
  const quorum = application.votes?.quorum ?? 1;
  const asked = (label: string, choice: DecidingChoice) =>
    rules.decides(choice)
      ? {}
      : { question: voteQuestion(label, 'application', application.discordUsername, quorum, 'applicant') };
  return [
    {
      status: 'approved',
      label: 'Approve',
      className: DECISION_COLOURS.approve,
      final: true,
      ...asked('Approve', 'approve'),
    },
    {
      status: 'rejected',
      label: 'Reject',
      className: DECISION_COLOURS.refuse,
      final: true,
      ...asked('Reject', 'deny'),
    },
    ...(rules.alone
      ? []
      : [
          {
            status: 'abstain' as const,
            label: 'Abstain',
            className: ABSTAIN_COLOURS,
            final: true,
            question: abstainQuestion('application', application.discordUsername),
          },
        ]),
  ];
}

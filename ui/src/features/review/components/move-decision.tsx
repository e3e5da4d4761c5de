import type { ReactNode } from 'react';
import type { VotesDto } from '@contract/applications.ts';
import { type ToastInput, useToast } from '@/components/ui/toast.tsx';
import { type Kind, useDecision, useVote } from '../api/review.ts';
import { allowedMoves, DecisionSection } from './decision-section.tsx';
import { useReviewForm } from './use-review-form.ts';
import { ABSTAIN_COLOURS, abstainQuestion, choiceOf, voteRules, voteQuestion, voteToast } from './vote-words.ts';
import { VotesPanel } from './votes-panel.tsx';

export type ReviewForm = ReturnType<typeof useReviewForm>;

/** A kind's decisions as buttons, one a move, and what the dialog says of them. */
export interface Moves<S extends string, A> {
  kind: Kind;
  /** every move a reviewer may make, in the buttons' order; only those the kind allows from the status are shown */
  buttons: Record<S, { label: string; className: string }>;
  transitions: Record<string, readonly string[]>;
  /** a decision that cannot be changed afterwards: asked once more before it is sent */
  final: (status: S) => boolean;
  /** the form's own check before anything is asked or sent: false stops it there (the check says why) */
  ready?: (status: S, form: ReviewForm) => boolean;
  /** what is decided and who reads the message, in the dialog's words (application and applicant otherwise) */
  thing: string;
  reader?: string;
  messageLabel?: string;
  applicant: (application: A) => string;
  /** what a decision does, said before the click */
  explain?: (application: A) => ReactNode;
  /** the toast once the server has decided (`decided` is the application as it now stands) */
  toast: (status: S, decided: A, application: A) => ToastInput;
}

type Reviewed = { id: string; status: string; reviewNotes: string | null; votes?: VotesDto; decided?: boolean };

/**
 * The foot of a review dialog decided by buttons: the votes so far, the notes, the message and a button a move, with
 * Abstain where the reviewer's vote alone does not decide; it closes once sent. An approval or a refusal is a vote: the
 * toast says whether it decided. A reviewer who has voted reads the votes and waits.
 */
export function MoveDecision<S extends string, A extends Reviewed>({
  application,
  moves,
  onClose,
}: {
  application: A;
  moves: Moves<S, A>;
  onClose: () => void;
}) {
  // each review sends its own message: the applicant reads the latest one
  const form = useReviewForm(application.reviewNotes ?? '');
  const review = useDecision<S, A>(moves.kind);
  const vote = useVote<A>(moves.kind);
  const rules = voteRules(application.votes);
  const { toast } = useToast();
  const allowed = allowedMoves(moves.buttons, moves.transitions[application.status] ?? []);
  const ready = (status: S) => moves.ready?.(status, form) ?? true;
  const applicant = moves.applicant(application);
  const reader = moves.reader ?? 'applicant';
  const busy = review.isPending || vote.isPending;
  const panel = <VotesPanel votes={application.votes} thing={moves.thing} />;
  if (rules.voted && allowed.length > 0) return panel;

  const sent = (send: Promise<A>, toastOf: (result: A) => ToastInput) =>
    // awaited here, not in mutate's own callbacks: the refetch after the decision can redraw the dialog without this
    // section before those run, and then they never do
    send.then(
      (result) => {
        toast(toastOf(result));
        onClose();
      },
      (error: unknown) => form.refused(error, 'Review Failed'),
    );

  const decide = (status: S | 'abstain') => {
    if (busy) return;
    if (status === 'abstain') {
      sent(
        vote.mutateAsync({ id: application.id, choice: 'abstain', note: form.notes, applicantMessage: form.message }),
        (result) => voteToast(result, 'abstain', reader) ?? { title: 'Your vote is in', variant: 'success' },
      );
      return;
    }
    if (!ready(status)) return;
    const choice = choiceOf(status);
    sent(
      review.mutateAsync({ id: application.id, status, reviewNotes: form.notes, applicantMessage: form.message }),
      (result) => (choice && voteToast(result, choice, reader)) || moves.toast(status, result, application),
    );
  };

  const options = allowed.map((status) => {
    const choice = choiceOf(status);
    return {
      status: status as S | 'abstain',
      ...moves.buttons[status],
      final: moves.final(status),
      ready: moves.ready && (() => ready(status)),
      ...(choice && !rules.decides(choice) && application.votes
        ? {
            question: voteQuestion(
              moves.buttons[status].label,
              moves.thing,
              applicant,
              application.votes.quorum,
              reader,
            ),
          }
        : {}),
    };
  });
  if (!rules.alone && allowed.length > 0)
    options.push({
      status: 'abstain',
      label: 'Abstain',
      className: ABSTAIN_COLOURS,
      final: true,
      ready: undefined,
      question: abstainQuestion(moves.thing, applicant),
    });

  return (
    <>
      {panel}
      <DecisionSection
        thing={moves.thing}
        status={application.status}
        options={options}
        form={form}
        messageLabel={moves.messageLabel}
        reader={moves.reader}
        applicant={applicant}
        busy={busy}
        onDecide={decide}
        templates={{ kind: moves.kind, player: applicant }}
      >
        {moves.explain?.(application)}
      </DecisionSection>
    </>
  );
}

import type { ReactNode } from 'react';
import { type ToastInput, useToast } from '@/components/ui/toast.tsx';
import { type Kind, useDecision } from '../api/review.ts';
import { allowedMoves, DecisionSection } from './decision-section.tsx';
import { useReviewForm } from './use-review-form.ts';

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

/** The foot of a review dialog decided by buttons: the notes, the message and a button a move; it closes once sent. */
export function MoveDecision<S extends string, A extends { id: string; status: string; reviewNotes: string | null }>({
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
  const { toast } = useToast();
  const allowed = allowedMoves(moves.buttons, moves.transitions[application.status] ?? []);
  const ready = (status: S) => moves.ready?.(status, form) ?? true;

  const decide = (status: S) => {
    if (review.isPending || !ready(status)) return;
    // awaited here, not in mutate's own callbacks: the refetch after the decision can redraw the dialog without this
    // section before those run, and then they never do
    review.mutateAsync({ id: application.id, status, reviewNotes: form.notes, applicantMessage: form.message }).then(
      (decided) => {
        toast(moves.toast(status, decided, application));
        onClose();
      },
      (error: unknown) => form.refused(error, 'Review Failed'),
    );
  };

  return (
    <DecisionSection
      thing={moves.thing}
      status={application.status}
      options={allowed.map((status) => ({
        status,
        ...moves.buttons[status],
        final: moves.final(status),
        ready: moves.ready && (() => ready(status)),
      }))}
      form={form}
      messageLabel={moves.messageLabel}
      reader={moves.reader}
      applicant={moves.applicant(application)}
      busy={review.isPending}
      onDecide={decide}
    >
      {moves.explain?.(application)}
    </DecisionSection>
  );
}

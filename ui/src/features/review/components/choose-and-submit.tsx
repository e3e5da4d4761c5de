import { useEffect, useRef, useState } from 'react';
import { requiredReviewNotes, type WhitelistApplicationDto } from '@contract/applications.ts';
import { useToast } from '@/components/ui/toast.tsx';
import { useDecision, useVote } from '../api/review.ts';
import { ConfirmDecision, DECISION_COLOURS } from './decision-buttons.tsx';
import { ReviewAlertBox, ReviewFields } from './review-text-fields.tsx';
import { useReviewForm } from './use-review-form.ts';
import { ABSTAIN_COLOURS, abstainQuestion, voteRules, voteQuestion, voteToast } from './vote-words.ts';
import { VotesPanel } from './votes-panel.tsx';

type Choice = 'approved' | 'rejected' | 'abstain';

const CHOICES: Record<Choice, { label: string; className: string; vote: 'approve' | 'deny' | 'abstain' }> = {
  approved: { label: 'Approve', className: DECISION_COLOURS.approve, vote: 'approve' },
  rejected: { label: 'Reject', className: DECISION_COLOURS.refuse, vote: 'deny' },
  abstain: { label: 'Abstain', className: ABSTAIN_COLOURS, vote: 'abstain' },
};

/**
 * The first whitelist screen's decision: Approve or Reject chosen (or Abstain, where the reviewer's vote alone does
 * not decide), notes of 10+ characters, then Submit Review, which asks once more, as the other review screens do (a
 * decision is final, and so is a vote). The votes so far show above it.
 */
export function ChooseAndSubmit({
  application,
  onClose,
}: {
  application: WhitelistApplicationDto;
  onClose: () => void;
}) {
  const [decision, setDecision] = useState<Choice>('approved');
  const [asking, setAsking] = useState(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const backToSubmit = useRef(false);
  const form = useReviewForm();
  const review = useDecision<'approved' | 'rejected', WhitelistApplicationDto>('whitelist', '/review');
  const vote = useVote<WhitelistApplicationDto>('whitelist');
  const rules = voteRules(application.votes);
  const { toast } = useToast();
  const busy = review.isPending || vote.isPending;
  const chosen = CHOICES[decision];

  useEffect(() => {
    if (!asking && backToSubmit.current) submitButton.current?.focus();
    backToSubmit.current = false;
  }, [asking]);

  if (rules.voted) return <VotesPanel votes={application.votes} />;

  /** whether the notes may be sent; if not, the field or the alert says why */
  const notesReady = () => {
    if (!form.notes.trim()) {
      form.warn({ title: 'Invalid Review', description: 'Please provide review notes before submitting.' });
      return false;
    }
    // docs/product.md#applications-and-reviews: at least 10 characters after trimming, checked before anything is sent
    const checked = requiredReviewNotes.safeParse(form.notes);
    if (!checked.success) {
      form.block('reviewNotes', checked.error.issues[0]?.message ?? '');
      return false;
    }
    return true;
  };

  const submit = () => {
    if (busy) return;
    if (notesReady()) setAsking(true);
  };

  const send = () => {
    setAsking(false);
    if (busy || !notesReady()) return;
    // the answer is awaited here, not in mutate's own callbacks: the refetch that follows the decision can redraw the
    // dialog without this form before those run, and then they never do (the dialog stayed open)
    const sending =
      decision === 'abstain'
        ? vote.mutateAsync({ id: application.id, choice: 'abstain', note: form.notes, applicantMessage: form.message })
        : review.mutateAsync({
            id: application.id,
            status: decision,
            reviewNotes: form.notes,
            applicantMessage: form.message,
          });
    sending.then(
      (result) => {
        toast(
          voteToast(result, chosen.vote) ?? {
            title: 'Application Reviewed',
            description: `Application has been ${decision}`,
            variant: 'success',
          },
        );
        onClose();
      },
      (error: unknown) => form.refused(error, 'Review Failed'),
    );
  };

  const shown: Choice[] = rules.alone ? ['approved', 'rejected'] : ['approved', 'rejected', 'abstain'];
  const question =
    chosen.vote === 'abstain'
      ? abstainQuestion('application', application.discordUsername)
      : !rules.decides(chosen.vote) && application.votes
        ? voteQuestion(chosen.label, 'application', application.discordUsername, application.votes.quorum, 'applicant')
        : undefined;

  return (
    <section aria-label="Decision" className="grid gap-3 rounded-lg border border-bayou-700 p-4">
      <VotesPanel votes={application.votes} />
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-semibold text-slate-200">Decision</legend>
        {shown.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="decision"
              value={value}
              checked={decision === value}
              onChange={() => {
                setDecision(value);
                setAsking(false);
              }}
              className="accent-gold-400"
            />
            {CHOICES[value].label}
          </label>
        ))}
      </fieldset>
      <ReviewFields
        form={form}
        notesPlaceholder="At least 10 characters: why this decision?"
        templates={
          decision === 'abstain'
            ? undefined
            : { kind: 'whitelist', player: application.discordUsername, decision: chosen.vote as 'approve' | 'deny' }
        }
      />
      <ReviewAlertBox alert={form.alert} alertRef={form.alertRef} />
      {asking ? (
        <ConfirmDecision
          label={chosen.label}
          className={chosen.className}
          applicant={application.discordUsername}
          busy={busy}
          question={question}
          onConfirm={send}
          onCancel={() => {
            backToSubmit.current = true;
            setAsking(false);
          }}
        />
      ) : (
        <button
          ref={submitButton}
          type="button"
          onClick={submit}
          disabled={!form.notes.trim()}
          aria-disabled={busy || undefined}
          className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:opacity-60"
        >
          {busy ? 'Submitting...' : 'Submit Review'}
        </button>
      )}
    </section>
  );
}

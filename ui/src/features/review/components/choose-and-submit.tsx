import { useEffect, useRef, useState } from 'react';
import { requiredReviewNotes, type WhitelistApplicationDto } from '@contract/applications.ts';
import { useToast } from '@/components/ui/toast.tsx';
import { useDecision } from '../api/review.ts';
import { ConfirmDecision, DECISION_COLOURS } from './decision-buttons.tsx';
import { ReviewAlertBox, ReviewFields } from './review-text-fields.tsx';
import { useReviewForm } from './use-review-form.ts';

type Choice = 'approved' | 'rejected';

/**
 * The first whitelist screen's decision: Approve or Reject chosen, notes of 10+ characters, then Submit Review, which
 * asks once more, as the other review screens do (a decision is final).
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
  const review = useDecision<Choice, WhitelistApplicationDto>('whitelist', '/review');
  const { toast } = useToast();

  useEffect(() => {
    if (!asking && backToSubmit.current) submitButton.current?.focus();
    backToSubmit.current = false;
  }, [asking]);

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
    if (review.isPending) return;
    if (notesReady()) setAsking(true);
  };

  const send = () => {
    setAsking(false);
    if (review.isPending || !notesReady()) return;
    // the answer is awaited here, not in mutate's own callbacks: the refetch that follows the decision can redraw the
    // dialog without this form before those run, and then they never do (the dialog stayed open)
    review
      .mutateAsync({ id: application.id, status: decision, reviewNotes: form.notes, applicantMessage: form.message })
      .then(
        () => {
          toast({ title: 'Application Reviewed', description: `Application has been ${decision}`, variant: 'success' });
          onClose();
        },
        (error: unknown) => form.refused(error, 'Review Failed'),
      );
  };

  return (
    <section aria-label="Decision" className="grid gap-3 rounded-lg border border-bayou-700 p-4">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-semibold text-slate-200">Decision</legend>
        {(['approved', 'rejected'] as const).map((value) => (
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
            {value === 'approved' ? 'Approve' : 'Reject'}
          </label>
        ))}
      </fieldset>
      <ReviewFields form={form} notesPlaceholder="At least 10 characters: why this decision?" />
      <ReviewAlertBox alert={form.alert} alertRef={form.alertRef} />
      {asking ? (
        <ConfirmDecision
          label={decision === 'approved' ? 'Approve' : 'Reject'}
          className={decision === 'approved' ? DECISION_COLOURS.approve : DECISION_COLOURS.refuse}
          applicant={application.discordUsername}
          busy={review.isPending}
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
          aria-disabled={review.isPending || undefined}
          className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:opacity-60"
        >
          {review.isPending ? 'Submitting...' : 'Submit Review'}
        </button>
      )}
    </section>
  );
}

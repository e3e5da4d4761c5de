import { useEffect, useRef } from 'react';
import type { WhitelistApplicationDto } from '@contract/applications.ts';
import { useToast } from '@/components/ui/toast.tsx';
import { useDecision } from '../api/review.ts';
import { WhitelistDetails } from '../kinds/whitelist.tsx';
import { StatusBadge } from './badges.tsx';
import { DECISION_COLOURS, DecisionButtons } from './decision-buttons.tsx';
import { ReviewFields } from './review-text-fields.tsx';
import { useReviewForm } from './use-review-form.ts';

/** The second whitelist screen's detail panel: every answer (as in the /admin-applications dialog); notes optional. */
export function WhitelistReviewPanel({ application }: { application: WhitelistApplicationDto }) {
  const form = useReviewForm();
  const heading = useRef<HTMLHeadingElement>(null);
  // a new selection fills this panel: focus moves to its heading, so a screen reader says whose it is
  useEffect(() => heading.current?.focus(), []);
  // PATCH /api/applications/{id}: approved or rejected, notes optional
  const update = useDecision<'approved' | 'rejected', WhitelistApplicationDto>('whitelist');
  const { toast } = useToast();

  const decide = (status: 'approved' | 'rejected') => {
    if (update.isPending) return;
    // awaited here, not in mutate's own callbacks: the refetch after the decision redraws the panel, and mutate's
    // callbacks do not run for a form that has gone
    update.mutateAsync({ id: application.id, status, reviewNotes: form.notes, applicantMessage: form.message }).then(
      () =>
        toast({
          title: 'Application Updated',
          description: 'Application review has been submitted successfully.',
          variant: 'success',
        }),
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
      {application.status === 'pending' && (
        <div className="grid gap-3">
          <ReviewFields form={form} notesLabel="Review notes (optional)" />
          <DecisionButtons
            options={[
              { status: 'approved', label: 'Approve', className: DECISION_COLOURS.approve, final: true },
              { status: 'rejected', label: 'Reject', className: DECISION_COLOURS.refuse, final: true },
            ]}
            applicant={application.discordUsername}
            busy={update.isPending}
            onDecide={decide}
          />
        </div>
      )}
    </article>
  );
}

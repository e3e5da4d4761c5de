import { staffKind, type StaffApplicationDto, type StaffStatusDto } from '@contract/staff-applications.ts';
import { useToast } from '@/components/ui/toast.tsx';
import { useReviewStaffApplication } from '../api/review.ts';
import { PositionBadge, StatusBadge } from './badges.tsx';
import { dayAndTime } from '@/lib/dates.ts';
import { Detail, LongAnswer, ReviewDialog } from './review-dialog.tsx';
import { PlayerLink } from '@/features/players';
import { ReviewAnswers } from './review-answers.tsx';
import { DECISION_COLOURS } from './decision-buttons.tsx';
import { allowedMoves, DecisionSection } from './decision-section.tsx';
import { useReviewForm } from './use-review-form.ts';

type Target = Exclude<StaffStatusDto, 'pending'>;

const BUTTONS: Record<Target, { label: string; className: string }> = {
  approved: { label: 'Approve', className: DECISION_COLOURS.approve },
  under_review: { label: 'Mark Under Review', className: DECISION_COLOURS.review },
  denied: { label: 'Deny', className: DECISION_COLOURS.refuse },
};

export function StaffReviewDialog({ application, onClose }: { application: StaffApplicationDto; onClose: () => void }) {
  // each review sends its own message: the applicant reads the latest one
  const form = useReviewForm(application.reviewNotes ?? '');
  const review = useReviewStaffApplication();
  const { toast } = useToast();
  // only the moves the staff kind allows are offered
  const allowed = allowedMoves(BUTTONS, staffKind.transitions[application.status]);

  const decide = (status: Target) => {
    if (review.isPending) return;
    review.mutate(
      // notes are optional and sent as written (docs/product.md#applications-and-reviews); the server checks only their length
      { id: application.id, status, reviewNotes: form.notes, applicantMessage: form.message },
      {
        onSuccess: () => {
          toast({
            title: 'Application Reviewed',
            description: 'Staff application status updated successfully',
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => form.refused(error, 'Review Failed'),
      },
    );
  };

  return (
    <ReviewDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Staff application: ${application.realName}`}
      openerId={application.id}
    >
      <section aria-label="Personal information">
        <h3 className="mb-2 text-sm font-semibold text-moss-300">Personal Information</h3>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Real name">{application.realName}</Detail>
          <Detail label="Discord">
            <PlayerLink userId={application.userId} name={application.discordUsername} />
          </Detail>
          <Detail label="Email">{application.email}</Detail>
          <Detail label="Age">{application.age}</Detail>
          <Detail label="Timezone">{application.timezone}</Detail>
          <Detail label="Languages">{application.languages ?? '—'}</Detail>
        </dl>
      </section>
      <section aria-label="Details">
        <h3 className="mb-2 text-sm font-semibold text-moss-300">Details</h3>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Position">
            <PositionBadge position={application.position} />
          </Detail>
          <Detail label="Status">
            <StatusBadge status={application.status} />
          </Detail>
          <Detail label="Experience">{application.currentStaff ? 'Current Staff' : 'New Applicant'}</Detail>
          <Detail label="Availability">{application.availability}</Detail>
          <Detail label="Applied">{dayAndTime(application.createdAt)}</Detail>
          {application.reviewedBy && <Detail label="Last reviewed by">{application.reviewedBy}</Detail>}
        </dl>
      </section>
      <ReviewAnswers kind={staffKind} application={application} />
      {application.applicantMessage && (
        <LongAnswer label="Last message to the applicant" text={application.applicantMessage} />
      )}
      <DecisionSection
        thing="application"
        status={application.status}
        options={allowed.map((status) => ({ status, ...BUTTONS[status], final: status !== 'under_review' }))}
        form={form}
        applicant={application.realName}
        busy={review.isPending}
        onDecide={decide}
      />
    </ReviewDialog>
  );
}

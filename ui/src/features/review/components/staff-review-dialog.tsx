import { useState } from 'react';
import { staffKind, type StaffApplicationDto, type StaffStatusDto } from '@contract/staff-applications.ts';
import { useToast } from '@/components/ui/toast.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useReviewStaffApplication } from '../api/review.ts';
import { PositionBadge, StatusBadge } from './badges.tsx';
import { dayAndTime } from '@/lib/dates.ts';
import { Detail, LongAnswer, ReviewDialog } from './review-dialog.tsx';
import { ReviewAnswers } from './review-answers.tsx';
import { ApplicantMessageField, ReviewNotesField } from './review-text-fields.tsx';

type Target = Exclude<StaffStatusDto, 'pending'>;

const BUTTONS: Record<Target, { label: string; className: string }> = {
  approved: { label: 'Approve', className: 'bg-green-600 hover:bg-green-500' },
  under_review: { label: 'Mark Under Review', className: 'bg-yellow-600 hover:bg-yellow-500' },
  denied: { label: 'Deny', className: 'bg-red-700 hover:bg-red-600' },
};

export function StaffReviewDialog({ application, onClose }: { application: StaffApplicationDto; onClose: () => void }) {
  const [notes, setNotes] = useState(application.reviewNotes ?? '');
  // each review sends its own message: the applicant reads the latest one
  const [message, setMessage] = useState('');
  const review = useReviewStaffApplication();
  const { toast } = useToast();
  // only the moves the staff kind allows are offered
  const allowed = (Object.keys(BUTTONS) as Target[]).filter((status) =>
    (staffKind.transitions[application.status] as readonly StaffStatusDto[]).includes(status),
  );

  const decide = (status: Target) =>
    review.mutate(
      // notes are optional and sent as written (SPEC section 5)
      { id: application.id, status, reviewNotes: notes, applicantMessage: message },
      {
        onSuccess: () => {
          toast({
            title: 'Application Reviewed',
            description: 'Staff application status updated successfully',
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => toast({ title: 'Review Failed', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <ReviewDialog open onOpenChange={(open) => !open && onClose()} title={`Staff application: ${application.realName}`}>
      <section aria-label="Personal information">
        <h3 className="mb-2 text-sm font-semibold text-moss-300">Personal Information</h3>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Real name">{application.realName}</Detail>
          <Detail label="Discord">{application.discordUsername}</Detail>
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
      {allowed.length === 0 ? (
        <p className="rounded-lg border border-bayou-700 p-3 text-sm text-slate-300">
          This application has been {application.status}; the decision is final.
        </p>
      ) : (
        <div className="grid gap-3">
          <ReviewNotesField value={notes} onChange={setNotes} />
          <ApplicantMessageField value={message} onChange={setMessage} />
          <div className="flex flex-wrap gap-3">
            {allowed.map((status) => (
              <button
                key={status}
                type="button"
                disabled={review.isPending}
                onClick={() => decide(status)}
                className={`rounded-md px-4 py-2 font-semibold text-white disabled:opacity-60 ${BUTTONS[status].className}`}
              >
                {BUTTONS[status].label}
              </button>
            ))}
          </div>
        </div>
      )}
    </ReviewDialog>
  );
}

import { useState } from 'react';
import type { InterviewDto, StaffInterviewsDto } from '@contract/interviews.ts';
import { Field } from '@/components/ui/form-fields.tsx';
import { errorMessage, fieldIssues } from '@/lib/api-client.ts';
import { type Kind, useStaffReschedule } from '../api/interviews.ts';
import { PRIMARY } from './buttons.ts';
import { localInputValue, utcFromLocalInput } from './interview-time.ts';
import { Refusal } from '@/components/ui/refusal.tsx';
import { ReasonField } from './reason-field.tsx';
import { LengthField, ReviewerField } from './time-fields.tsx';

/** Staff move the interview to a new time (its length and reviewer as they choose), with a reason. */
export function StaffRescheduleForm({
  kind,
  applicationId,
  interview,
  reviewers,
  onDone,
}: {
  kind: Kind;
  applicationId: string;
  interview: InterviewDto;
  reviewers: StaffInterviewsDto['reviewers'];
  onDone: () => void;
}) {
  const reschedule = useStaffReschedule(kind, applicationId);
  const [at, setAt] = useState(() => localInputValue(new Date(interview.startsAt)));
  const [minutes, setMinutes] = useState(interview.minutes);
  const [reviewerId, setReviewerId] = useState(interview.reviewerId);
  const [reason, setReason] = useState('');
  const issues = fieldIssues(reschedule.error);
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        reschedule.mutate(
          { id: interview.id, startsAt: utcFromLocalInput(at), minutes, reviewerId, reason },
          { onSuccess: onDone },
        );
      }}
    >
      <div className="grid gap-2 sm:grid-cols-2">
        <Field label="New start" error={issues.startsAt}>
          {(props) => (
            <input {...props} type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} />
          )}
        </Field>
        <LengthField value={minutes} onChange={setMinutes} />
      </div>
      <ReviewerField reviewers={reviewers} value={reviewerId} onChange={setReviewerId} error={issues.reviewerId} />
      <ReasonField value={reason} onChange={setReason} error={issues.reason} label="Why (the applicant reads it)" />
      <Refusal
        message={reschedule.error && !issues.reason && !issues.startsAt ? errorMessage(reschedule.error) : null}
      />
      <div>
        <button type="submit" className={PRIMARY} disabled={!at || reschedule.isPending}>
          Move the interview
        </button>
      </div>
    </form>
  );
}

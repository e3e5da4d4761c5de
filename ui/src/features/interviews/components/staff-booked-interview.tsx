import { useState } from 'react';
import type { InterviewDto, StaffInterviewsDto } from '@contract/interviews.ts';
import { Field } from '@/components/ui/form-fields.tsx';
import { errorMessage, fieldIssues } from '@/lib/api-client.ts';
import { type Kind, useRecordOutcome, useStaffCancel } from '../api/interviews.ts';
import { DESTRUCTIVE, LINK, PRIMARY, QUIET } from './buttons.ts';
import { interviewTime } from './interview-time.ts';
import { Refusal } from '@/components/ui/refusal.tsx';
import { ReasonField } from './reason-field.tsx';
import { StaffRescheduleForm } from './staff-reschedule-form.tsx';

type Action = 'reschedule' | 'cancel' | null;

/**
 * The booked interview as staff act on it: its calendar file; before it starts, Reschedule and Cancel (each with a
 * reason the applicant reads); once it has started, Held or No-show, with notes for staff.
 */
export function StaffBookedInterview({
  kind,
  applicationId,
  interview,
  reviewers,
}: {
  kind: Kind;
  applicationId: string;
  interview: InterviewDto;
  reviewers: StaffInterviewsDto['reviewers'];
}) {
  const [action, setAction] = useState<Action>(null);
  const started = Date.now() >= Date.parse(interview.startsAt);
  return (
    <div data-testid="staff-booked-interview" className="grid gap-2 rounded-lg bg-bayou-950/40 p-3">
      <p>
        <span className="font-semibold text-white">Booked:</span> {interviewTime(interview.startsAt)},{' '}
        {interview.minutes} minutes, held by {interview.reviewerName}.
      </p>
      <a href={interview.calendarPath} download className={LINK}>
        Add to calendar (.ics)
      </a>
      {started ? (
        <OutcomeForm kind={kind} applicationId={applicationId} interview={interview} />
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={QUIET}
              aria-expanded={action === 'reschedule'}
              onClick={() => setAction('reschedule')}
            >
              Reschedule
            </button>
            <button
              type="button"
              className={QUIET}
              aria-expanded={action === 'cancel'}
              onClick={() => setAction('cancel')}
            >
              Cancel interview
            </button>
          </div>
          {action === 'reschedule' && (
            <StaffRescheduleForm
              kind={kind}
              applicationId={applicationId}
              interview={interview}
              reviewers={reviewers}
              onDone={() => setAction(null)}
            />
          )}
          {action === 'cancel' && (
            <CancelForm
              kind={kind}
              applicationId={applicationId}
              interview={interview}
              onDone={() => setAction(null)}
            />
          )}
        </>
      )}
    </div>
  );
}

function CancelForm({
  kind,
  applicationId,
  interview,
  onDone,
}: {
  kind: Kind;
  applicationId: string;
  interview: InterviewDto;
  onDone: () => void;
}) {
  const cancel = useStaffCancel(kind, applicationId);
  const [reason, setReason] = useState('');
  const issues = fieldIssues(cancel.error);
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        cancel.mutate({ id: interview.id, reason }, { onSuccess: onDone });
      }}
    >
      <ReasonField value={reason} onChange={setReason} error={issues.reason} label="Why (the applicant reads it)" />
      <Refusal message={cancel.error && !issues.reason ? errorMessage(cancel.error) : null} />
      <div>
        <button type="submit" className={DESTRUCTIVE} disabled={cancel.isPending}>
          Cancel the interview
        </button>
      </div>
    </form>
  );
}

function OutcomeForm({
  kind,
  applicationId,
  interview,
}: {
  kind: Kind;
  applicationId: string;
  interview: InterviewDto;
}) {
  const record = useRecordOutcome(kind, applicationId);
  const [notes, setNotes] = useState('');
  return (
    <div className="grid gap-2">
      <Field label="Notes for staff (optional)">
        {(props) => <textarea {...props} rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />}
      </Field>
      <Refusal message={record.error ? errorMessage(record.error) : null} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={PRIMARY}
          disabled={record.isPending}
          onClick={() => record.mutate({ id: interview.id, outcome: 'held', notes })}
        >
          Held
        </button>
        <button
          type="button"
          className={QUIET}
          disabled={record.isPending}
          onClick={() => record.mutate({ id: interview.id, outcome: 'no_show', notes })}
        >
          No-show
        </button>
      </div>
    </div>
  );
}

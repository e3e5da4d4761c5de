import { useId } from 'react';
import type { StaffInterviewsDto } from '@contract/interviews.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import { type Kind, useApplicationInterviews, useWithdrawSlot } from '../api/interviews.ts';
import { QUIET } from './buttons.ts';
import { browserTimeZone, interviewTime } from './interview-time.ts';
import { OfferSlotsForm } from './offer-slots-form.tsx';
import { PastInterviews } from './past-interviews.tsx';
import { Refusal } from '@/components/ui/refusal.tsx';
import { StaffBookedInterview } from './staff-booked-interview.tsx';
import { errorMessage } from '@/lib/api-client.ts';

/**
 * An application's interview in its review dialog, for the kind's staff: whether an approval waits for one, the
 * booked interview with its actions, the times offered (each withdrawable), a form to offer more, and earlier ones.
 */
export function InterviewPanel({ kind, applicationId }: { kind: Kind; applicationId: string }) {
  const query = useApplicationInterviews(kind, applicationId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-lg border border-bayou-700 p-4">
      <h3 id={headingId} className="text-sm font-semibold text-moss-300">
        Interview
      </h3>
      {query.data ? (
        <InterviewDetails kind={kind} applicationId={applicationId} data={query.data} />
      ) : (
        <QueryState isPending={query.isPending} error={query.error} retry={() => void query.refetch()} />
      )}
    </section>
  );
}

function InterviewDetails({
  kind,
  applicationId,
  data,
}: {
  kind: Kind;
  applicationId: string;
  data: StaffInterviewsDto;
}) {
  const withdraw = useWithdrawSlot(kind, applicationId);
  const booked = data.interviews.find((interview) => interview.status === 'booked');
  const open = data.slots.filter((slot) => slot.status === 'open');
  const earlier = data.interviews.filter((interview) => interview.status !== 'booked');
  const held = data.interviews.some((interview) => interview.status === 'held');
  return (
    <div className="grid min-w-0 gap-3 text-sm text-slate-200">
      {data.required && (
        <p data-testid="interview-required">
          {held
            ? 'The interview was held: the application can be decided.'
            : 'An approval waits until an interview is recorded as held.'}
        </p>
      )}
      <p className="text-xs text-slate-400">Times in your time zone, {browserTimeZone()}.</p>
      {booked && (
        <StaffBookedInterview kind={kind} applicationId={applicationId} interview={booked} reviewers={data.reviewers} />
      )}
      {open.length > 0 && (
        <div>
          <h4 className="font-semibold text-slate-100">Times offered</h4>
          <ul className="mt-1 divide-y divide-bayou-700">
            {open.map((slot) => (
              <li key={slot.id} data-testid="staff-offered-time" className="flex flex-wrap items-center gap-2 py-2">
                <span className="min-w-0 flex-1">
                  {interviewTime(slot.startsAt)}, {slot.minutes} minutes, with {slot.reviewerName}
                  {!slot.available && <span className="text-slate-400"> (not bookable now)</span>}
                </span>
                <button
                  type="button"
                  className={QUIET}
                  disabled={withdraw.isPending}
                  aria-label={`Withdraw ${interviewTime(slot.startsAt)}`}
                  onClick={() => withdraw.mutate(slot.id)}
                >
                  Withdraw
                </button>
              </li>
            ))}
          </ul>
          <Refusal message={withdraw.error ? errorMessage(withdraw.error) : null} />
        </div>
      )}
      {data.open ? (
        <OfferSlotsForm kind={kind} applicationId={applicationId} reviewers={data.reviewers} />
      ) : (
        <p className="text-slate-400">This application is decided: no interview can be offered.</p>
      )}
      <PastInterviews interviews={earlier} reader="staff" />
    </div>
  );
}

import { useState } from 'react';
import { DEFAULT_INTERVIEW_MINUTES } from '@contract/interview-paths.ts';
import type { StaffInterviewsDto } from '@contract/interviews.ts';
import { Field } from '@/components/ui/form-fields.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { type Kind, type OfferedTime, useOfferSlots } from '../api/interviews.ts';
import { PRIMARY, QUIET } from './buttons.ts';
import { interviewTime, utcFromLocalInput } from './interview-time.ts';
import { Refusal } from '@/components/ui/refusal.tsx';
import { LengthField, ReviewerField } from './time-fields.tsx';

/** Staff pick a reviewer and add times (each with its length), then offer them all to the applicant at once. */
export function OfferSlotsForm({
  kind,
  applicationId,
  reviewers,
}: {
  kind: Kind;
  applicationId: string;
  reviewers: StaffInterviewsDto['reviewers'];
}) {
  const offer = useOfferSlots(kind, applicationId);
  const [reviewerId, setReviewerId] = useState(() => (reviewers.find((r) => r.you) ?? reviewers[0])?.id ?? '');
  const [at, setAt] = useState('');
  const [minutes, setMinutes] = useState<number>(DEFAULT_INTERVIEW_MINUTES);
  const [times, setTimes] = useState<OfferedTime[]>([]);
  const add = () => {
    if (!at) return;
    const startsAt = utcFromLocalInput(at);
    // one entry per start: a second one would only be refused as overlapping
    setTimes((current) => [...current.filter((time) => time.startsAt !== startsAt), { startsAt, minutes }]);
    setAt('');
  };
  return (
    <form
      className="grid min-w-0 gap-3 rounded-lg bg-bayou-950/40 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        offer.mutate({ reviewerId, slots: times }, { onSuccess: () => setTimes([]) });
      }}
    >
      <h4 className="font-semibold text-slate-100">Offer times</h4>
      <ReviewerField reviewers={reviewers} value={reviewerId} onChange={setReviewerId} />
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field label="Starts at">
          {(props) => (
            <input {...props} type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} />
          )}
        </Field>
        <LengthField value={minutes} onChange={setMinutes} />
        <button type="button" className={QUIET} onClick={add} disabled={!at}>
          Add time
        </button>
      </div>
      {times.length > 0 && (
        <ul className="grid gap-1" aria-label="Times to offer">
          {times.map((time) => (
            <li key={time.startsAt} className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1">
                {interviewTime(time.startsAt)}, {time.minutes} minutes
              </span>
              <button
                type="button"
                className="text-xs text-slate-300 underline"
                aria-label={`Remove ${interviewTime(time.startsAt)}`}
                onClick={() => setTimes((current) => current.filter((other) => other.startsAt !== time.startsAt))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <Refusal message={offer.error ? errorMessage(offer.error) : null} />
      <div>
        <button type="submit" className={PRIMARY} disabled={times.length === 0 || !reviewerId || offer.isPending}>
          {offer.isPending ? 'Offering...' : offerLabel(times.length)}
        </button>
      </div>
    </form>
  );
}

const offerLabel = (count: number) =>
  count === 0 ? 'Offer times' : count === 1 ? 'Offer 1 time' : `Offer ${count} times`;

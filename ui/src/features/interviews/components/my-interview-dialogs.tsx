import { useState } from 'react';
import type { InterviewDto, InterviewSlotDto } from '@contract/interviews.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { errorMessage, fieldIssues } from '@/lib/api-client.ts';
import { useCancelMine, useRescheduleMine } from '../api/interviews.ts';
import { DESTRUCTIVE, PRIMARY, QUIET } from './buttons.ts';
import { interviewTime } from './interview-time.ts';
import { Refusal } from '@/components/ui/refusal.tsx';
import { ReasonField } from './reason-field.tsx';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  interview: InterviewDto;
}

/** Moves the booked interview to another time staff offered, with a reason the interviewer reads. */
export function RescheduleMyInterviewDialog({
  open,
  onClose,
  interview,
  times,
}: DialogProps & { times: InterviewSlotDto[] }) {
  const reschedule = useRescheduleMine();
  const [slotId, setSlotId] = useState('');
  const [reason, setReason] = useState('');
  const close = () => {
    reschedule.reset();
    setSlotId('');
    setReason('');
    onClose();
  };
  const issues = fieldIssues(reschedule.error);
  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title="Reschedule your interview">
      <p className="text-sm text-slate-200">Now: {interviewTime(interview.startsAt)}.</p>
      {times.length === 0 ? (
        <p className="text-sm text-slate-200">
          No other time is offered yet. Cancel the interview with a reason and staff will offer new times, or wait for
          them to offer more.
        </p>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            reschedule.mutate(
              { id: interview.id, slotId, reason },
              {
                onSuccess: (moved) => {
                  toast({ title: 'Interview moved', description: interviewTime(moved.startsAt), variant: 'success' });
                  close();
                },
              },
            );
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-slate-200">New time</legend>
            {times.map((time) => (
              <label key={time.id} className="flex items-center gap-3 text-sm text-slate-100">
                <input
                  type="radio"
                  name="new-time"
                  value={time.id}
                  checked={slotId === time.id}
                  onChange={() => setSlotId(time.id)}
                  className="h-4 w-4 accent-gold-400"
                />
                {interviewTime(time.startsAt)}, {time.minutes} minutes, with {time.reviewerName}
              </label>
            ))}
          </fieldset>
          <ReasonField value={reason} onChange={setReason} error={issues.reason} />
          <Refusal message={reschedule.error && !issues.reason ? errorMessage(reschedule.error) : null} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={PRIMARY} disabled={!slotId || reschedule.isPending}>
              {reschedule.isPending ? 'Moving...' : 'Move my interview'}
            </button>
            <button type="button" className={QUIET} onClick={close}>
              Keep this time
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** Cancels the booked interview, with a reason the interviewer reads; the player may book again afterwards. */
export function CancelMyInterviewDialog({ open, onClose, interview }: DialogProps) {
  const cancel = useCancelMine();
  const [reason, setReason] = useState('');
  const close = () => {
    cancel.reset();
    setReason('');
    onClose();
  };
  const issues = fieldIssues(cancel.error);
  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title="Cancel your interview?">
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          cancel.mutate(
            { id: interview.id, reason },
            {
              onSuccess: () => {
                toast({ title: 'Interview cancelled', description: 'You can book another time offered to you.' });
                close();
              },
            },
          );
        }}
      >
        <p className="text-sm text-slate-200">
          {interviewTime(interview.startsAt)} with {interview.reviewerName}. The interviewer is told why on Discord.
        </p>
        <ReasonField value={reason} onChange={setReason} error={issues.reason} />
        <Refusal message={cancel.error && !issues.reason ? errorMessage(cancel.error) : null} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={DESTRUCTIVE} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel interview'}
          </button>
          <button type="button" className={QUIET} onClick={close}>
            Keep it
          </button>
        </div>
      </form>
    </Modal>
  );
}

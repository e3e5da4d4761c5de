import { useState } from 'react';
import type { InterviewDto, InterviewSlotDto } from '@contract/interviews.ts';
import { LINK, QUIET } from './buttons.ts';
import { interviewTime } from './interview-time.ts';
import { CancelMyInterviewDialog, RescheduleMyInterviewDialog } from './my-interview-dialogs.tsx';

/** The player's booked interview: when, how long, with whom; its calendar file; Reschedule and Cancel. */
export function MyBookedInterview({
  interview,
  otherTimes,
}: {
  interview: InterviewDto;
  otherTimes: InterviewSlotDto[];
}) {
  const [open, setOpen] = useState<'reschedule' | 'cancel' | null>(null);
  const last = interview.history[interview.history.length - 1];
  return (
    <div data-testid="booked-interview" className="mt-2 grid gap-2 text-sm text-slate-200">
      <p>
        <span className="font-semibold text-white">Booked:</span> {interviewTime(interview.startsAt)},{' '}
        {interview.minutes} minutes, with {interview.reviewerName}.
      </p>
      {last?.action === 'rescheduled' && last.by === 'staff' && last.reason && (
        <p className="[overflow-wrap:anywhere]">
          Moved by {last.name}: {last.reason}
        </p>
      )}
      <p className="text-slate-300">You and the interviewer get a Discord reminder 30 minutes before.</p>
      <div className="flex flex-wrap items-center gap-3">
        <a href={interview.calendarPath} download className={LINK}>
          Add to calendar (.ics)
        </a>
        <button type="button" className={QUIET} onClick={() => setOpen('reschedule')}>
          Reschedule
        </button>
        <button type="button" className={QUIET} onClick={() => setOpen('cancel')}>
          Cancel interview
        </button>
      </div>
      <RescheduleMyInterviewDialog
        open={open === 'reschedule'}
        onClose={() => setOpen(null)}
        interview={interview}
        times={otherTimes}
      />
      <CancelMyInterviewDialog open={open === 'cancel'} onClose={() => setOpen(null)} interview={interview} />
    </div>
  );
}

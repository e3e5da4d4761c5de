import type { InterviewDto } from '@contract/interviews.ts';
import { StatusPill } from '@/components/ui/status-pill.tsx';
import { INTERVIEW_STATUS_WORDS, interviewTime } from './interview-time.ts';

/** Interviews that ended (cancelled with their reason, held, no-show), the latest first. */
export function PastInterviews({
  interviews,
  reader,
  title = 'Earlier',
}: {
  interviews: InterviewDto[];
  /** the applicant reads their own steps as theirs */
  reader: 'applicant' | 'staff';
  title?: string;
}) {
  if (interviews.length === 0) return null;
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold text-slate-200">{title}</h4>
      <ul className="mt-1 divide-y divide-bayou-700 text-sm text-slate-300">
        {interviews.map((interview) => {
          const last = interview.history[interview.history.length - 1];
          return (
            <li key={interview.id} data-testid="past-interview" className="flex flex-wrap items-center gap-2 py-2">
              <StatusPill status={interview.status} label={INTERVIEW_STATUS_WORDS[interview.status]} />
              <span>{interviewTime(interview.startsAt)}</span>
              {interview.status === 'cancelled' && last?.reason && (
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  cancelled by {last.by === 'staff' ? last.name : reader === 'applicant' ? 'you' : 'the applicant'}:{' '}
                  {last.reason}
                </span>
              )}
              {interview.notes && <span className="min-w-0 [overflow-wrap:anywhere]">Notes: {interview.notes}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

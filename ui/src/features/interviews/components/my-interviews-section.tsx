import type { ApplicationInterviewsDto, InterviewDto } from '@contract/interviews.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useMyInterviews } from '../api/interviews.ts';
import { MyBookedInterview } from './my-booked-interview.tsx';
import { OfferedTimes } from './offered-times.tsx';
import { PastInterviews } from './past-interviews.tsx';
import { browserTimeZone, capitalised } from './interview-time.ts';

/**
 * The player's interviews on /account: per application, the times staff offered to pick from, the booked one with
 * its calendar file, Reschedule and Cancel, and the earlier ones. Times are in the browser's own time zone. Nothing
 * is shown to a player who has none.
 */
export function MyInterviewsSection() {
  const mine = useMyInterviews();
  const applications = mine.data?.applications ?? [];
  if (mine.error) return <QueryState isPending={false} error={mine.error} retry={() => void mine.refetch()} />;
  if (applications.length === 0) return null;
  return (
    <section aria-labelledby="interviews-heading" className="mt-10">
      <h2 id="interviews-heading" className="font-display text-2xl font-bold text-white">
        Interviews
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        Times are shown in your time zone, <span data-testid="interview-time-zone">{browserTimeZone()}</span>.
      </p>
      <div className="mt-4 grid gap-4">
        {applications.map((application) => (
          <ApplicationInterview key={application.applicationId} application={application} />
        ))}
      </div>
    </section>
  );
}

function ApplicationInterview({ application }: { application: ApplicationInterviewsDto }) {
  const booked: InterviewDto | undefined = application.interviews.find((interview) => interview.status === 'booked');
  const earlier = application.interviews.filter((interview) => interview.status !== 'booked');
  return (
    <article
      data-testid="interview-application"
      aria-label={`${capitalised(application.label)} interview`}
      className="min-w-0 rounded-xl border border-bayou-700 bg-bayou-900/60 p-4"
    >
      <h3 className="font-semibold text-gold-400">{capitalised(application.label)} interview</h3>
      {application.required && !booked && application.open && (
        <p className="mt-1 text-sm text-slate-300">The team decides on your application after this interview.</p>
      )}
      {booked ? (
        <MyBookedInterview interview={booked} otherTimes={application.slots} />
      ) : application.slots.length > 0 ? (
        <OfferedTimes slots={application.slots} />
      ) : (
        application.open && <p className="mt-2 text-sm text-slate-300">Staff will offer new times here.</p>
      )}
      <PastInterviews interviews={earlier} reader="applicant" />
    </article>
  );
}

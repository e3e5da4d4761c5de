import { ChevronLeft, ChevronRight, Info, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { brand } from '@/config/brand.ts';
import { JOBS, JOBS_PER_PAGE, type Job } from '../data/jobs.ts';
import { JobCard } from './job-card.tsx';
import { pageCount, wrapPage } from './job-carousel-state.ts';

const arrow = 'rounded-full border border-bayou-600 bg-bayou-900 p-2 text-gold-400 hover:bg-bayou-800';

export default function JobsPage() {
  const pages = pageCount(JOBS.length, JOBS_PER_PAGE);
  const [page, setPage] = useState(0);
  const [appliedFor, setAppliedFor] = useState<Job | null>(null);
  const go = (next: number) => setPage(wrapPage(next, pages));
  const shown = JOBS.slice(page * JOBS_PER_PAGE, page * JOBS_PER_PAGE + JOBS_PER_PAGE);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(page - 1);
    if (event.key === 'ArrowRight') go(page + 1);
  };

  return (
    <div className="pb-16">
      <PageHeading
        title="Job Applications"
        description="Find your place in the parish. Every job is applied for through our Discord."
      />

      {appliedFor && (
        <div
          role="alert"
          className="mx-auto mb-8 max-w-3xl rounded-xl border border-gold-400/60 bg-bayou-800 p-5 px-4 text-sm text-slate-100"
        >
          <div className="flex items-start gap-3">
            <Info aria-hidden className="mt-0.5 shrink-0 text-gold-400" />
            <div className="flex-1">
              <p className="font-semibold text-gold-400">To apply for {appliedFor.title}:</p>
              <ol className="mt-2 list-decimal space-y-1 pl-5">
                <li>Join our Discord server (it opened in a new tab).</li>
                <li>Create a ticket in the #job-applications channel.</li>
                <li>Mention the job you are applying for: {appliedFor.title}.</li>
                <li>Read the staff guide before your interview.</li>
              </ol>
            </div>
            <button
              type="button"
              aria-label="Close instructions"
              onClick={() => setAppliedFor(null)}
              className="rounded p-1 hover:bg-bayou-700"
            >
              <X aria-hidden size={18} />
            </button>
          </div>
        </div>
      )}

      <section
        aria-roledescription="carousel"
        aria-label="Jobs"
        className="mx-auto max-w-6xl px-4"
        onKeyDown={onKeyDown}
      >
        <div className="flex items-center justify-between gap-2">
          <button type="button" className={arrow} aria-label="Previous jobs" onClick={() => go(page - 1)}>
            <ChevronLeft aria-hidden />
          </button>
          <p aria-live="polite" className="text-sm text-slate-300">
            Page {page + 1} of {pages}
          </p>
          <button type="button" className={arrow} aria-label="Next jobs" onClick={() => go(page + 1)}>
            <ChevronRight aria-hidden />
          </button>
        </div>
        {/* A short last page centres its cards rather than leaving an empty column. */}
        <ul aria-label="Open jobs" className="mt-6 flex flex-wrap justify-center gap-6">
          {shown.map((job) => (
            <li key={job.title} className="w-full md:w-[calc((100%-3rem)/3)]">
              <JobCard job={job} inviteUrl={brand.discordInvite} onApply={setAppliedFor} />
            </li>
          ))}
        </ul>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of page dots, not a form's fieldset */}
        <div className="mt-6 flex justify-center gap-2" role="group" aria-label="Choose a page">
          {Array.from({ length: pages }, (_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the page number is the dot's identity
              key={index}
              type="button"
              aria-label={`Page ${index + 1}`}
              aria-current={index === page ? 'true' : undefined}
              onClick={() => go(index)}
              className="flex h-6 w-6 items-center justify-center"
            >
              <span
                aria-hidden
                className={`block h-3 w-3 rounded-full ${index === page ? 'bg-gold-400' : 'bg-bayou-600'}`}
              />
            </button>
          ))}
        </div>
      </section>

      <div className="mt-12 text-center">
        <a
          href={brand.discordInvite}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-block rounded-lg border border-moss-400 px-6 py-3 font-semibold text-moss-300 hover:bg-bayou-800"
        >
          Join Discord Server
        </a>
      </div>
    </div>
  );
}

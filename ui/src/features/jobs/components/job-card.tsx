import { CheckCircle2, Star } from 'lucide-react';
import type { Job } from '../data/jobs.ts';

export function JobCard({ job, onApply, inviteUrl }: { job: Job; onApply: (job: Job) => void; inviteUrl: string }) {
  const Icon = job.icon;
  return (
    <article className="flex h-full flex-col rounded-xl border border-bayou-700 bg-bayou-900 p-6">
      <div className="flex h-24 items-center justify-center rounded-lg bg-gradient-to-br from-bayou-700 to-bayou-800">
        <Icon aria-hidden size={48} className="text-gold-400" />
      </div>
      <h2 className="mt-4 text-xl font-semibold text-slate-50">{job.title}</h2>
      <p className="mt-2 text-sm text-slate-300">{job.description}</p>
      <h3 className="mt-4 text-sm font-semibold text-gold-400">Requirements</h3>
      <ul className="mt-1 space-y-1 text-sm text-slate-300">
        {job.requirements.map((line) => (
          <li key={line} className="flex gap-2">
            <CheckCircle2 aria-hidden size={16} className="mt-0.5 shrink-0 text-moss-400" />
            {line}
          </li>
        ))}
      </ul>
      <h3 className="mt-4 text-sm font-semibold text-gold-400">Benefits</h3>
      <ul className="mt-1 flex-1 space-y-1 text-sm text-slate-300">
        {job.benefits.map((line) => (
          <li key={line} className="flex gap-2">
            <Star aria-hidden size={16} className="mt-0.5 shrink-0 text-gold-400" />
            {line}
          </li>
        ))}
      </ul>
      <a
        href={inviteUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => onApply(job)}
        aria-label={`Apply Now: ${job.title}`}
        className="mt-6 rounded-lg bg-gold-500 px-4 py-2 text-center font-semibold text-bayou-950 hover:bg-gold-400"
      >
        Apply Now
      </a>
    </article>
  );
}

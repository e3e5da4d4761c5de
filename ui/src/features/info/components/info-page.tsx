import type { ReactNode } from 'react';
import { PageHeading } from '@/components/ui/page-heading.tsx';

export const POLICIES_UPDATED = 'January 1, 2025';

/** The frame of every information page: title, description, and a readable column. */
export function InfoPage({
  title,
  description,
  updated,
  children,
}: {
  title: string;
  description: string;
  updated?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="pb-16">
      <PageHeading title={title} description={description}>
        {updated && <p className="mt-2 text-sm text-slate-300">Last updated: {POLICIES_UPDATED}</p>}
      </PageHeading>
      <div className="mx-auto max-w-4xl space-y-6 px-4">{children}</div>
    </div>
  );
}

/** One titled block of text on an information page. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-bayou-700 bg-bayou-900 p-6 text-slate-300 [&_li]:mt-1 [&_p+p]:mt-3 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5">
      <h2 className="mb-3 font-display text-xl font-bold text-gold-400">{title}</h2>
      {children}
    </section>
  );
}

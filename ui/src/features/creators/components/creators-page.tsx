import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { paths } from '@/config/paths.ts';
import { isRefusal, NotAuthorized, RequirePermission } from '@/features/auth';
import { errorMessage } from '@/lib/api-client.ts';
import { useCreators, useDisableCreator } from '../api/creators.ts';
import { AddCreatorForm } from './add-creator-form.tsx';
import { CreatorReportSection } from './creator-report-section.tsx';

/** /admin/creators: creators and their codes, and what each code brought in per month; admins only. */
export default function CreatorsPage() {
  return (
    <RequirePermission permission="manage-promotions">
      <Creators />
    </RequirePermission>
  );
}

function Creators() {
  const creators = useCreators();
  const disable = useDisableCreator();
  if (isRefusal(creators.error)) return <NotAuthorized permission="manage-promotions" />;
  const list = creators.data?.creators ?? [];
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <Link to={paths.admin} className="mt-6 inline-flex items-center gap-1 text-sm text-moss-300 hover:underline">
        <ArrowLeft aria-hidden size={16} /> Back to Purchase Dashboard
      </Link>
      <PageHeading
        title="Creators"
        description="Buyers name a creator's code at checkout (no discount); the creator is owed a share of the money taken."
      />
      <AddCreatorForm />
      <section aria-labelledby="creators-heading" className="mt-10">
        <h2 id="creators-heading" className="font-display text-2xl font-bold text-white">
          Codes
        </h2>
        {creators.isPending || creators.error ? (
          <QueryState isPending={creators.isPending} error={creators.error} retry={() => void creators.refetch()} />
        ) : list.length === 0 ? (
          <p className="mt-3 text-slate-300">No creators yet.</p>
        ) : (
          <StackedTable caption="Creators by code" columns={['Code', 'Player', 'Share', 'Status', 'Action']}>
            {list.map((creator) => (
              <StackedRow key={creator.id} testId="creator-row">
                <StackedCell label="Code">
                  <span className="font-semibold">{creator.code}</span>
                </StackedCell>
                <StackedCell label="Player">
                  {creator.name}
                  <span className="block text-xs text-slate-400">Discord id {creator.discordId}</span>
                </StackedCell>
                <StackedCell label="Share">{creator.sharePercent}%</StackedCell>
                <StackedCell label="Status">{creator.disabledAt ? 'Disabled' : 'In use'}</StackedCell>
                <StackedCell label="Action">
                  {creator.disabledAt ? (
                    '—'
                  ) : (
                    <button
                      type="button"
                      disabled={disable.isPending}
                      aria-label={`Disable the code ${creator.code}`}
                      onClick={() =>
                        disable.mutate(creator.code, {
                          onSuccess: () => toast({ title: `${creator.code} is disabled`, variant: 'success' }),
                          onError: (error) =>
                            toast({ title: 'Not disabled', description: errorMessage(error), variant: 'destructive' }),
                        })
                      }
                      className="rounded-md border border-red-400/60 px-3 py-1 text-sm font-semibold text-red-200 hover:bg-red-950/40 disabled:opacity-70"
                    >
                      Disable
                    </button>
                  )}
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        )}
      </section>
      <CreatorReportSection />
    </div>
  );
}

import { useState } from 'react';
import type { QueuesDto } from '@contract/queue.ts';
import { AdminList, AdminPage } from '@/components/ui/admin-page.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { isRefusal, NotAuthorized, RequirePermission } from '@/features/auth';
import { formatRelativeTime } from '@/lib/format.ts';
import { useQueueAction, useQueues } from '../api/queue.ts';
import { RemoveDialog } from './remove-dialog.tsx';
import { waitingSince } from './wait-words.ts';

const COLUMNS = ['Place', 'Player', 'Priority', 'Tier', 'Waiting for', 'Actions'];
type Server = QueuesDto['servers'][number];

/** /admin/queue: who waits on each game server, in order; staff who manage the queue move or remove a player. */
export default function QueuePage() {
  return (
    <RequirePermission permission="manage-queue">
      <Queues />
    </RequirePermission>
  );
}

function Queues() {
  const queues = useQueues();
  const front = useQueueAction();
  const [removing, setRemoving] = useState<{ server: string; discordId: string; name: string } | null>(null);
  if (isRefusal(queues.error)) return <NotAuthorized permission="manage-queue" />;
  const servers = { ...queues, data: queues.data?.servers };
  return (
    <AdminPage
      title="Connection Queue"
      intro="The players waiting to join each game server, in the order they go in, as the server reported them a few seconds ago. A move or a removal reaches the game server with its next report and goes in the audit log."
    >
      <AdminList
        heading="Game servers"
        query={servers}
        actionError={front.error}
        empty="No game server has reported its queue yet."
      >
        {(rows) =>
          rows.map((server) => <ServerQueue key={server.server} server={server} front={front} onRemove={setRemoving} />)
        }
      </AdminList>
      <RemoveDialog target={removing} onClose={() => setRemoving(null)} />
    </AdminPage>
  );
}

function ServerQueue({
  server,
  front,
  onRemove,
}: {
  server: Server;
  front: ReturnType<typeof useQueueAction>;
  onRemove: (target: { server: string; discordId: string; name: string }) => void;
}) {
  return (
    <section aria-labelledby={`queue-${server.server}`} className="mt-6" data-testid="queue-server">
      <h3 id={`queue-${server.server}`} className="font-display text-xl font-bold text-white">
        {server.server}
      </h3>
      <p className="mt-1 text-sm text-slate-300">
        {server.online}/{server.slots} online, {server.waiting.length} waiting. Reported{' '}
        {formatRelativeTime(server.reportedAt)}
        {server.fresh ? '.' : ': the game server has stopped reporting, so this may be out of date.'}
      </p>
      {server.waiting.length === 0 ? (
        <p className="mt-3 text-slate-300">Nobody is waiting.</p>
      ) : (
        <StackedTable caption={`Players waiting for ${server.server}, in the order they go in`} columns={COLUMNS}>
          {server.waiting.map((player) => (
            <StackedRow key={player.discordId} testId="queue-row">
              <StackedCell label="Place">{player.place}</StackedCell>
              <StackedCell label="Player">
                <span className="font-semibold text-white">{player.name}</span>
                <span className="block text-xs text-slate-400">{player.discordId}</span>
              </StackedCell>
              <StackedCell label="Priority">{player.priority}</StackedCell>
              <StackedCell label="Tier">{player.tierName ?? 'None'}</StackedCell>
              <StackedCell label="Waiting for">{waitingSince(player.since)}</StackedCell>
              <StackedCell label="Actions">
                <span className="flex flex-wrap justify-end gap-2 md:justify-start">
                  <button
                    type="button"
                    disabled={front.isPending || player.place === 1 || !server.fresh}
                    onClick={() =>
                      front.mutate({ server: server.server, discordId: player.discordId, action: 'front' })
                    }
                    aria-label={`Move to front: ${player.name}`}
                    className="rounded-md border border-bayou-600 px-3 py-1 text-sm text-slate-100 hover:border-gold-400 disabled:opacity-60"
                  >
                    Move to front
                  </button>
                  <button
                    type="button"
                    disabled={!server.fresh}
                    onClick={() => onRemove({ server: server.server, discordId: player.discordId, name: player.name })}
                    aria-label={`Remove ${player.name} from the queue`}
                    className="rounded-md border border-red-400/60 px-3 py-1 text-sm text-red-200 hover:bg-red-950/40 disabled:opacity-60"
                  >
                    Remove
                  </button>
                </span>
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
    </section>
  );
}

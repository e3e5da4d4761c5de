import { useState } from 'react';
import type { CreatedWebhookEndpointResponse, WebhookEndpointDto } from '@contract/webhooks.ts';
import { AdminList, AdminPage } from '@/components/ui/admin-page.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { StatusPill } from '@/components/ui/status-pill.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { isRefusal, NotAuthorized, RequirePermission } from '@/features/auth';
import { dayAndTime } from '@/lib/dates.ts';
import { useEndpoints, useSendTest } from '../api/webhooks.ts';
import { EndpointForm } from './endpoint-form.tsx';
import { EndpointMessages } from './endpoint-messages.tsx';
import { RemoveEndpointDialog } from './remove-endpoint-dialog.tsx';
import { SecretShownOnce } from './secret-shown-once.tsx';
import { EVENT_LABELS } from './webhook-words.ts';

const COLUMNS = ['Endpoint', 'Events', 'Last result', 'Actions'];
const ACTION = 'rounded-md border border-bayou-600 px-3 py-1 text-sm text-slate-100 hover:border-gold-400';

/** /admin/webhooks: the endpoints that hear the site's events, their messages, tests and resends (manage-integrations). */
export default function WebhooksPage() {
  return (
    <RequirePermission permission="manage-integrations">
      <Webhooks />
    </RequirePermission>
  );
}

function LastResult({ endpoint }: { endpoint: WebhookEndpointDto }) {
  if (!endpoint.last) return <span className="text-slate-400">Nothing sent yet</span>;
  return (
    <span className="grid justify-items-end gap-1 md:justify-items-start">
      <StatusPill status={endpoint.last.status} />
      <span className="text-xs text-slate-400">{dayAndTime(endpoint.last.at)}</span>
    </span>
  );
}

function Webhooks() {
  const endpoints = useEndpoints();
  const test = useSendTest();
  const [created, setCreated] = useState<CreatedWebhookEndpointResponse | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointDto | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  if (isRefusal(endpoints.error)) return <NotAuthorized permission="manage-integrations" />;
  const watched = endpoints.data?.find((endpoint) => endpoint.id === watching) ?? null;
  return (
    <AdminPage
      title="Webhooks"
      intro="Other tools (a Discord bot, a stats board, a ticket system) hear what happens on the site: each event is sent to the endpoints that chose it, signed with their secret, and tried again with growing waits until it is answered."
    >
      {created ? (
        <SecretShownOnce created={created} onDone={() => setCreated(null)} />
      ) : (
        <EndpointForm onAdded={setCreated} />
      )}
      <AdminList heading="Endpoints" query={endpoints} actionError={test.error} empty="No endpoints yet.">
        {(rows) => (
          <StackedTable caption="Webhook endpoints" columns={COLUMNS}>
            {rows.map((endpoint) => (
              <StackedRow key={endpoint.id} testId="webhook-row">
                <StackedCell label="Endpoint">
                  <span className="grid gap-1">
                    <code className="break-all text-moss-300">{endpoint.url}</code>
                    {endpoint.description && <span className="text-slate-300">{endpoint.description}</span>}
                  </span>
                </StackedCell>
                <StackedCell label="Events">
                  <span className="text-slate-200">{endpoint.events.map((type) => EVENT_LABELS[type]).join(', ')}</span>
                </StackedCell>
                <StackedCell label="Last result">
                  <LastResult endpoint={endpoint} />
                </StackedCell>
                <StackedCell label="Actions">
                  <span className="flex flex-wrap justify-end gap-2 md:justify-start">
                    <button
                      type="button"
                      onClick={() => setWatching(endpoint.id)}
                      aria-pressed={watching === endpoint.id}
                      aria-label={`Messages to ${endpoint.url}`}
                      className={ACTION}
                    >
                      Messages
                    </button>
                    <button
                      type="button"
                      disabled={test.isPending}
                      onClick={() =>
                        test.mutate(endpoint.id, {
                          onSuccess: () => {
                            setWatching(endpoint.id);
                            toast({ title: 'Test sent', description: endpoint.url, variant: 'success' });
                          },
                        })
                      }
                      aria-label={`Send test to ${endpoint.url}`}
                      className={ACTION}
                    >
                      Send test
                    </button>
                    <button
                      type="button"
                      onClick={() => setRemoving(endpoint)}
                      aria-label={`Remove ${endpoint.url}`}
                      className="rounded-md border border-red-400/60 px-3 py-1 text-sm text-red-200 hover:bg-red-950/40"
                    >
                      Remove
                    </button>
                  </span>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        )}
      </AdminList>
      {watched && <EndpointMessages key={watched.id} endpoint={watched} />}
      <RemoveEndpointDialog endpoint={removing} onClose={() => setRemoving(null)} />
    </AdminPage>
  );
}

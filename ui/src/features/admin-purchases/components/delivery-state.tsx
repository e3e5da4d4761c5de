import type { DeliveryDto } from '@contract/deliveries.ts';
import type { DeliveryStateDto } from '@contract/purchases.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useRetryDelivery } from '../api/deliveries.ts';

const LABELS: Record<DeliveryDto['status'], { grant: string; remove: string; message: string; colour: string }> = {
  delivered: {
    grant: 'Role granted',
    remove: 'Role removed',
    message: 'Sent',
    colour: 'bg-green-500/20 text-green-200 ring-green-400/40',
  },
  pending: {
    grant: 'Granting role',
    remove: 'Removing role',
    message: 'Waiting to send',
    colour: 'bg-yellow-500/20 text-yellow-100 ring-yellow-400/40',
  },
  sending: {
    grant: 'Granting role',
    remove: 'Removing role',
    message: 'Sending',
    colour: 'bg-yellow-500/20 text-yellow-100 ring-yellow-400/40',
  },
  failed: {
    grant: 'Grant failed',
    remove: 'Removal failed',
    message: 'Not sent',
    colour: 'bg-red-500/20 text-red-200 ring-red-400/40',
  },
  not_configured: {
    grant: 'Not configured',
    remove: 'Not configured',
    message: 'Not configured',
    colour: 'bg-slate-500/20 text-slate-200 ring-slate-400/40',
  },
};

/** A purchase's Discord delivery (a role, or a message), as the admin screens show it, with Retry once it has failed. */
export function DeliveryState({ delivery }: { delivery: DeliveryStateDto | null }) {
  const retry = useRetryDelivery();
  if (!delivery) return <span className="text-xs text-slate-500">—</span>;
  const label = LABELS[delivery.status];
  const text =
    delivery.kind === 'remove_role' ? label.remove : delivery.kind === 'grant_role' ? label.grant : label.message;
  const detail = delivery.lastError ?? (delivery.attempts ? `${delivery.attempts} tries` : undefined);
  return (
    <div className="flex flex-col items-start gap-1">
      <span
        data-delivery={delivery.status}
        title={detail}
        className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${label.colour}`}
      >
        {text}
      </span>
      {delivery.status === 'failed' && delivery.id && (
        <>
          <span className="max-w-[14rem] text-xs text-red-200">{delivery.lastError}</span>
          <button
            type="button"
            disabled={retry.isPending}
            onClick={() => delivery.id && retry.mutate(delivery.id)}
            className="rounded-md border border-gold-500 px-2 py-0.5 text-xs font-semibold text-gold-300 hover:bg-gold-500/10 disabled:opacity-50"
          >
            {retry.isPending ? 'Retrying…' : 'Retry'}
          </button>
          {retry.error && (
            <span role="alert" className="text-xs text-red-300">
              {errorMessage(retry.error)}
            </span>
          )}
        </>
      )}
    </div>
  );
}

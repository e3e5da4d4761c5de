import type { DeliveryDto } from '@contract/deliveries.ts';
import type { PurchaseDetailDto } from '@contract/purchases.ts';
import { format } from 'date-fns';
import { DeliveryState } from './delivery-state.tsx';

const when = (iso: string) => format(new Date(iso), 'MMM dd, yyyy HH:mm');

/** what a delivery is and whom it is for: a gift's messages go to the recipient and to the buyer */
function whatAndWhom(delivery: DeliveryDto, gift: PurchaseDetailDto['purchase']['gift']): string {
  const forRecipient = gift !== null && delivery.discordId === gift.discordId;
  switch (delivery.kind) {
    case 'grant_role':
      return forRecipient ? `Role grant to ${gift.name}, the recipient` : 'Role grant';
    case 'remove_role':
      return forRecipient ? `Role removal from ${gift.name}, the recipient` : 'Role removal';
    case 'message_user':
      return forRecipient ? `Message to ${gift.name}, the recipient` : 'Message to the buyer';
    default:
      return 'Notice to staff';
  }
}

/** `label` once per kind, with how many: "Message to the buyer (2)" */
function counted(labels: string[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, count]) => (count > 1 ? `${label} (${count})` : label)).join(', ');
}

/**
 * A purchase's Discord deliveries: each names what it is and whom it is for; those never sent because the bot is not
 * set up are one line (there is nothing to tell apart or retry), not one "Not configured" row each.
 */
export function PurchaseDeliveries({ detail }: { detail: PurchaseDetailDto }) {
  const gift = detail.purchase.gift;
  const unsent = detail.deliveries.filter((delivery) => delivery.status === 'not_configured');
  const tracked = detail.deliveries.filter((delivery) => delivery.status !== 'not_configured');
  if (detail.deliveries.length === 0)
    return <p className="mt-1 text-sm text-slate-300">Nothing sent to Discord for this purchase.</p>;
  return (
    <ul className="mt-1 space-y-2" data-testid="purchase-deliveries">
      {tracked.map((delivery) => (
        <li key={delivery.id} className="flex flex-wrap items-start gap-2 text-sm">
          <span className="w-full text-xs font-semibold text-slate-300">{whatAndWhom(delivery, gift)}</span>
          <DeliveryState delivery={delivery} />
          <span className="text-xs text-slate-400">
            {delivery.roleId ? `role ${delivery.roleId} · ` : ''}
            {when(delivery.createdAt)}
          </span>
        </li>
      ))}
      {unsent.length > 0 && (
        <li className="text-sm text-slate-300" data-testid="purchase-deliveries-unsent">
          Not sent, the site&apos;s Discord bot is not set up:{' '}
          {counted(unsent.map((delivery) => whatAndWhom(delivery, gift)))}.
        </li>
      )}
    </ul>
  );
}

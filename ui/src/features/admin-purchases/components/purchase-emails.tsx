import type { EmailDto } from '@contract/emails.ts';
import { format } from 'date-fns';
import { errorMessage } from '@/lib/api-client.ts';
import { usePurchaseEmails, useRetryEmail } from '../api/emails.ts';

const when = (iso: string) => format(new Date(iso), 'MMM dd, yyyy HH:mm');

const KIND: Record<EmailDto['kind'], string> = {
  purchase: 'Receipt',
  renewal: 'Renewal receipt',
  refund: 'Refund',
  renewal_failed: 'Renewal declined',
  gift_received: 'Gift received, to the recipient',
};

const STATUS: Record<EmailDto['status'], { label: string; colour: string }> = {
  pending: { label: 'Waiting to send', colour: 'bg-yellow-500/20 text-yellow-100 ring-yellow-400/40' },
  sending: { label: 'Sending', colour: 'bg-yellow-500/20 text-yellow-100 ring-yellow-400/40' },
  sent: { label: 'Sent', colour: 'bg-green-500/20 text-green-200 ring-green-400/40' },
  failed: { label: 'Not sent', colour: 'bg-red-500/20 text-red-200 ring-red-400/40' },
};

function EmailLine({ email, canRetry }: { email: EmailDto; canRetry: boolean }) {
  const retry = useRetryEmail();
  const status = STATUS[email.status];
  return (
    <li className="flex flex-wrap items-start gap-2 text-sm" data-email={email.status}>
      <span className="w-full text-xs font-semibold text-slate-300">
        {KIND[email.kind]} to <span className="break-all">{email.to}</span>
      </span>
      <span
        title={email.lastError ?? undefined}
        className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${status.colour}`}
      >
        {status.label}
      </span>
      <span className="text-xs text-slate-400">{when(email.sentAt ?? email.createdAt)}</span>
      {email.status === 'failed' && (
        <span className="flex w-full flex-col items-start gap-1">
          <span className="text-xs text-red-200">{email.lastError}</span>
          {canRetry && (
            <button
              type="button"
              disabled={retry.isPending}
              onClick={() => retry.mutate(email.id)}
              className="rounded-md border border-gold-500 px-2 py-0.5 text-xs font-semibold text-gold-300 hover:bg-gold-500/10 disabled:opacity-50"
            >
              {retry.isPending ? 'Retrying…' : 'Retry'}
            </button>
          )}
          {retry.error && (
            <span role="alert" className="text-xs text-red-300">
              {errorMessage(retry.error)}
            </span>
          )}
        </span>
      )}
    </li>
  );
}

/** A purchase's emails to its buyer (and a gift's recipient), each with where it stands, and Retry once it failed. */
export function PurchaseEmails({ purchaseId, canRetry }: { purchaseId: string; canRetry: boolean }) {
  const emails = usePurchaseEmails(purchaseId);
  if (emails.isPending) return <p className="mt-1 text-sm text-slate-400">Loading the emails…</p>;
  if (emails.error)
    return (
      <p role="alert" className="mt-1 text-sm text-red-300">
        {errorMessage(emails.error)}
      </p>
    );
  if (emails.data.emails.length === 0)
    return <p className="mt-1 text-sm text-slate-300">No email was sent for this purchase.</p>;
  return (
    <ul className="mt-1 space-y-2" data-testid="purchase-emails">
      {emails.data.emails.map((email) => (
        <EmailLine key={email.id} email={email} canRetry={canRetry} />
      ))}
    </ul>
  );
}

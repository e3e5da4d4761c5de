import * as Dialog from '@radix-ui/react-dialog';
import {
  type PurchaseDetailDto,
  REFUND_REASON_MAX_LENGTH,
  REFUND_REASON_MIN_LENGTH,
  REFUND_REASON_TOO_SHORT,
} from '@contract/purchases.ts';
import { pagePath } from '@contract/pages.ts';
import { format } from 'date-fns';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '@/components/ui/modal.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { paths } from '@/config/paths.ts';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client.ts';
import { discountText, formatMoney } from '@/lib/format.ts';
import { purchaseKeys, usePurchase, useRefundPurchase } from '../api/purchases.ts';
import { GrantList } from '@/features/grants';
import { useQueryClient } from '@tanstack/react-query';
import { PurchaseDeliveries } from './purchase-deliveries.tsx';
import { PurchaseEmails } from './purchase-emails.tsx';
import { StatusBadge, TypeBadge } from './purchase-badges.tsx';

function Row({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="break-words text-slate-100">{children}</dd>
    </div>
  );
}

/** a titled part of the dialog */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-5">
      <h3 id={id} className="text-sm font-semibold text-slate-100">
        {title}
      </h3>
      {children}
    </section>
  );
}

const when = (iso: string | null) => (iso ? format(new Date(iso), 'MMM dd, yyyy HH:mm') : '—');
const tokens = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'token' : 'tokens'}`;

const HISTORY_LABELS: Record<PurchaseDetailDto['history'][number]['status'], string> = {
  checkout_started: 'Checkout started',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
  disputed: 'Disputed',
  underpaid: 'Underpaid: held for staff',
};

/** what refunding a Priority Pass month does to the pass */
const MEMBERSHIP_ON_REFUND: Record<NonNullable<PurchaseDetailDto['refund']['membership']>, string> = {
  ends: 'This is the month being served: the Priority Pass ends now and is not charged again.',
  goes_on: 'This month has been served already: the refund does not end the Priority Pass.',
  ended: 'The Priority Pass this month belongs to has ended already.',
};

/** who holds what the purchase gave: a gift's recipient, else the buyer, named */
function holderWords(refund: PurchaseDetailDto['refund']): string {
  const from = refund.tokensFrom;
  return !from ? 'the buyer' : `${from.name} (${from.recipient ? "the gift's recipient" : 'the buyer'})`;
}

/** whose tokens the refund removes, and how many: a gift's came to its recipient, so they go from there */
function tokensLine(refund: PurchaseDetailDto['refund']): string {
  return refund.tokensToRemove > 0
    ? `${tokens(refund.tokensToRemove)} will be removed from ${holderWords(refund)}.`
    : `No tokens will be removed: ${holderWords(refund)} holds none from it.`;
}

/** what refunding a gifted pass does to it: it is paid back whole, so it ends however much of it has run */
const GIFTED_PASS_ON_REFUND: Record<NonNullable<PurchaseDetailDto['refund']['membership']>, string> = {
  ends: 'The gifted Priority Pass ends now: it was paid back whole.',
  goes_on: 'The gifted Priority Pass ends now: it was paid back whole.',
  ended: 'The gifted Priority Pass has ended already.',
};

/** what the refund does to the purchase's Discord role, as the refund itself will decide it */
function roleLine(refund: PurchaseDetailDto['refund']): string {
  if (refund.roleToRemove)
    return `The Discord role ${refund.roleToRemove} will be removed from ${holderWords(refund)}.`;
  if (refund.roleRetained)
    return `The Discord role ${refund.roleRetained} stays: ${holderWords(refund)} still holds it through another purchase, their Priority Pass or their whitelist approval.`;
  return 'No Discord role is mapped to it, so none will be removed.';
}
const statusId = (purchaseId: string) => `purchase-status-${purchaseId}`;

/** The refund's confirmation: what the buyer gets back and loses, and a required reason. */
function RefundConfirmation({ detail }: { detail: PurchaseDetailDto }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useRefundPurchase(detail.purchase.id);
  const reasonId = useId();
  const problemId = useId();
  const hintId = useId();
  const { purchase } = detail;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < REFUND_REASON_MIN_LENGTH) {
      setProblem(REFUND_REASON_TOO_SHORT);
      document.getElementById(reasonId)?.focus();
      return;
    }
    setProblem(null);
    refund.mutate(reason.trim(), {
      onSuccess: () => {
        setOpen(false);
        setReason('');
      },
      onError: (error) => {
        setProblem(errorMessage(error));
        document.getElementById(reasonId)?.focus();
      },
    });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setProblem(null);
      }}
    >
      <Dialog.Trigger className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400">
        Refund
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[60] max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-red-400/60 bg-bayou-900 p-5 text-slate-100 shadow-xl">
          <Dialog.Title className="font-display text-xl font-bold text-gold-400">Refund this purchase?</Dialog.Title>
          <Dialog.Description asChild>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-100">
              <li>
                {purchase.gateway === 'demo' ? (
                  <>
                    <strong>{formatMoney(purchase.price)}</strong> for {purchase.productName} is marked as paid back
                    (demo payments: no money was taken, none moves).
                  </>
                ) : (
                  <>
                    <strong>{formatMoney(purchase.price)}</strong> goes back to the card of the buyer
                    {detail.buyer ? `, ${detail.buyer.name},` : ''} for {purchase.productName}.
                  </>
                )}
              </li>
              <li data-testid="refund-tokens">{tokensLine(detail.refund)}</li>
              {detail.refund.membership && (
                <li data-testid="refund-membership">
                  {(purchase.gift?.months ? GIFTED_PASS_ON_REFUND : MEMBERSHIP_ON_REFUND)[detail.refund.membership]}
                </li>
              )}
              <li data-testid="refund-role">{roleLine(detail.refund)}</li>
            </ul>
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4">
            <label htmlFor={reasonId} className="block text-sm font-medium text-slate-100">
              Reason for the refund (required)
            </label>
            <p id={hintId} className="text-xs text-slate-300">
              The reason shows in the token history of {holderWords(detail.refund)}.
            </p>
            <textarea
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              maxLength={REFUND_REASON_MAX_LENGTH}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
              className="mt-1 w-full rounded-md border border-bayou-600 bg-bayou-950 p-2 text-slate-100"
            />
            {problem && (
              <p id={problemId} role="alert" className="mt-2 text-sm text-red-300">
                {problem}
              </p>
            )}
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <Dialog.Close
                type="button"
                className="rounded-md border border-bayou-600 px-4 py-2 text-sm text-slate-100 hover:border-gold-400"
              >
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                disabled={refund.isPending}
                className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
              >
                {refund.isPending ? 'Refunding…' : `Refund ${formatMoney(purchase.price)}`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Details({
  detail,
  canRefund,
  canSeePlayers,
}: {
  detail: PurchaseDetailDto;
  canRefund: boolean;
  /** player pages open only for those who may read them */
  canSeePlayers: boolean;
}) {
  const queryClient = useQueryClient();
  const { purchase, buyer } = detail;
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Row label="Product">
          {purchase.productName}
          {purchase.optionId && <span className="block text-xs text-slate-400">Option: {purchase.optionId}</span>}
        </Row>
        <Row label="Type">
          <TypeBadge type={purchase.productType} />
        </Row>
        <Row label="Amount">
          {formatMoney(purchase.price)}
          {discountText(purchase) && (
            <span className="block text-xs text-slate-400" data-testid="discount">
              {discountText(purchase)}
            </span>
          )}
        </Row>
        <Row label="Status">
          <span
            data-testid="purchase-status"
            data-focus-rescue
            id={statusId(purchase.id)}
            tabIndex={-1}
            className="outline-none"
          >
            <StatusBadge status={purchase.status} />
          </span>
        </Row>
        <Row label="Buyer">
          {buyer ? (
            <>
              {canSeePlayers ? (
                <Link
                  to={pagePath(paths.adminPlayer, { id: buyer.id })}
                  className="font-medium text-gold-300 underline underline-offset-2 hover:text-gold-200"
                >
                  {buyer.name}
                </Link>
              ) : (
                buyer.name
              )}
              <span className="block text-xs text-slate-400">Discord id {buyer.discordId}</span>
            </>
          ) : (
            'Account removed'
          )}
        </Row>
        {purchase.gift && (
          <Row label="Gift for">
            {purchase.gift.userId && canSeePlayers ? (
              <Link
                to={pagePath(paths.adminPlayer, { id: purchase.gift.userId })}
                className="font-medium text-gold-300 underline underline-offset-2 hover:text-gold-200"
              >
                {purchase.gift.name}
              </Link>
            ) : (
              purchase.gift.name
            )}
            <span className="block text-xs text-slate-400" data-testid="purchase-gift">
              Discord id {purchase.gift.discordId}
              {purchase.gift.months ? `, ${purchase.gift.months}-month pass` : ''}
              {purchase.gift.deliveredAt ? `, received ${when(purchase.gift.deliveredAt)}` : ', not received yet'}
            </span>
          </Row>
        )}
        <Row label="Discord name at checkout">{purchase.buyerDiscord ?? '—'}</Row>
        <Row label="Email">{purchase.buyerEmail ?? '—'}</Row>
        <Row label="Tokens">
          <span data-testid="purchase-tokens">
            {purchase.tokensAwarded} held of {purchase.tokensGranted}
          </span>
        </Row>
        <Row label="Paid through">
          <span data-testid="purchase-gateway">{GATEWAY_NAMES[purchase.gateway]}</span>
        </Row>
        {purchase.creatorCode && (
          <Row label="Creator code">
            <span data-testid="purchase-creator-code">
              {purchase.creatorCode}
              {purchase.creatorCodeStatus === 'refused' && ' (refused by Tebex)'}
              {purchase.creatorCodeStatus === 'accepted' && ' (accepted by Tebex)'}
            </span>
          </Row>
        )}
        {purchase.reportedCouponCodes && (
          <Row label="Tebex reported">
            <span data-testid="purchase-reported-codes">
              Creator code {purchase.reportedCreatorCode ?? 'none'}; coupons{' '}
              {purchase.reportedCouponCodes.join(', ') || 'none'}
            </span>
          </Row>
        )}
        <Row label="Transaction ID">
          <code className="break-all text-xs">{purchase.paymentIntentId ?? '—'}</code>
        </Row>
        <Row label="Purchase ID">
          <code className="break-all text-xs">{purchase.id}</code>
        </Row>
        <Row label="Started">{when(purchase.createdAt)}</Row>
        <Row label="Completed">{when(purchase.completedAt)}</Row>
        <Row label="Withdrawal consent" wide>
          <span data-testid="withdrawal-consent">
            {purchase.consentGivenAt
              ? `Given ${when(purchase.consentGivenAt)}, wording of ${purchase.consentVersion}${
                  purchase.consentAddress ? `, from ${purchase.consentAddress}` : ''
                }`
              : 'None recorded: bought before the store asked for it'}
          </span>
        </Row>
        {purchase.failureReason && (
          <Row label={purchase.status === 'failed' ? 'Why it failed' : 'Note'} wide>
            {purchase.failureReason}
          </Row>
        )}
        {purchase.banReason !== null && (
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-xs uppercase tracking-wide text-slate-400">Ban reason</dt>
            <dd
              data-testid="ban-reason"
              className="mt-1 whitespace-pre-wrap break-words rounded-md border border-bayou-700 bg-bayou-950 p-3 text-slate-100"
            >
              {purchase.banReason}
            </dd>
          </div>
        )}
        {purchase.refundReason && (
          <Row label={purchase.status === 'disputed' ? 'Dispute reason' : 'Refund reason'} wide>
            {purchase.refundReason}
          </Row>
        )}
        {!purchase.paymentAttemptedAt && purchase.status !== 'awaiting_payment' && (
          <Row label="Payment" wide>
            No payment was tried: an unpaid checkout, not counted as a purchase
          </Row>
        )}
      </dl>

      <Section title="Status history">
        <ol className="mt-1 space-y-1 text-sm" data-testid="purchase-history">
          {detail.history.map((change) => (
            <li key={`${change.status}-${change.at}`} className="break-words rounded-md bg-bayou-950 px-3 py-2">
              <span className="font-semibold text-slate-100">{HISTORY_LABELS[change.status]}</span>
              {change.by && <span className="text-slate-200"> by {change.by.name}</span>}
              {change.reason && <span className="block text-slate-200">{change.reason}</span>}
              <span className="block text-xs text-slate-400">{when(change.at)}</span>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Token ledger">
        {detail.ledger.length === 0 ? (
          <p className="mt-1 text-sm text-slate-300">No token entries for this purchase.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm" data-testid="purchase-ledger">
            {detail.ledger.map((entry) => (
              <li key={entry.id} className="break-words rounded-md bg-bayou-950 px-3 py-2">
                <span className={entry.delta < 0 ? 'font-semibold text-red-300' : 'font-semibold text-green-300'}>
                  {entry.delta > 0 ? '+' : ''}
                  {entry.delta}
                </span>{' '}
                {entry.reason}
                <span className="block text-xs text-slate-400">
                  {when(entry.createdAt)} · balance after {entry.balanceAfter}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Discord delivery">
        <PurchaseDeliveries detail={detail} />
      </Section>

      <Section title="Emails">
        <PurchaseEmails purchaseId={purchase.id} canRetry={canRefund} />
      </Section>

      <Section title="In game">
        <GrantList
          grants={detail.grants}
          canAct={canRefund}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: purchaseKeys.all })}
          empty="Nothing runs in game for this purchase."
        />
      </Section>

      {canRefund && purchase.gateway === 'tebex' && purchase.status === 'completed' && (
        <p className="mt-5 border-t border-bayou-700 pt-4 text-sm text-slate-300">
          Tebex took this payment: refund it in the Tebex creator panel. Tokens and the Discord role are removed here as
          soon as Tebex reports the refund.
        </p>
      )}
      {canRefund && detail.refund.refundable && (
        <div className="mt-5 flex justify-end border-t border-bayou-700 pt-4">
          <RefundConfirmation detail={detail} />
        </div>
      )}
    </>
  );
}

/**
 * One purchase, asked of the server by id (admins only): opened from the dashboard and from a player's page.
 * Closed while `purchaseId` is null.
 */
export function PurchaseDetailsDialog({ purchaseId, onClose }: { purchaseId: string | null; onClose: () => void }) {
  const query = usePurchase(purchaseId);
  const user = useCurrentUser();
  const detail = query.data;
  return (
    <Modal open={purchaseId !== null} onOpenChange={(open) => !open && onClose()} title="Purchase details">
      {!detail && <QueryState isPending={query.isPending} error={query.error} retry={() => query.refetch()} />}
      {detail && (
        <Details
          detail={detail}
          canRefund={user.data?.permissions.includes('refund') ?? false}
          canSeePlayers={user.data?.permissions.includes('view-players') ?? false}
        />
      )}
    </Modal>
  );
}

export const GATEWAY_NAMES: Record<'demo' | 'stripe' | 'tebex', string> = {
  demo: 'Demo gateway (no money taken)',
  stripe: 'Stripe',
  tebex: 'Tebex',
};

import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MembershipDto, MembershipPreviewDto } from '@contract/memberships.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { StatusPill } from '@/components/ui/status-pill.tsx';
import { authKeys } from '@/features/auth';
import { useProducts } from '@/features/catalogue';
import { errorMessage } from '@/lib/api-client.ts';
import { day } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/format.ts';
import {
  type MembershipAction,
  membershipKeys,
  openRenewalPayment,
  useMembershipAction,
  useMyMembership,
} from '../api/membership.ts';
import { BUTTON } from '@/components/ui/dialog-buttons.ts';
import { ActionDialog } from './membership-dialogs.tsx';

/** What happened, in the words of the server's answer (which the dialog's preview said beforehand). */
function resultWords(preview: MembershipPreviewDto, result: unknown): string {
  const answer = result as {
    membership: MembershipDto;
    change?: string;
    charged?: { amount: number; tokens: number } | null;
  };
  const m = answer.membership;
  if (preview.action === 'cancel')
    return m.status === 'ended'
      ? `Your ${m.tierName} Priority Pass has ended. Nothing more will be charged.`
      : `Canceled. Your benefits last until ${day(m.currentPeriodEnd)}, and nothing more is charged.`;
  if (preview.action === 'resume')
    return m.nextCharge
      ? `Resumed. Your next renewal is ${day(m.nextCharge.date)}, ${formatMoney(m.nextCharge.amount)}.`
      : 'Resumed.';
  if (answer.change === 'upgrade' && answer.charged)
    return `Upgraded to ${m.tierName}: ${formatMoney(answer.charged.amount)} charged now, ${answer.charged.tokens} tokens added.`;
  if (answer.change === 'downgrade')
    return `${m.pendingTierName} starts at your next renewal on ${day(m.currentPeriodEnd)}. Until then you keep ${m.tierName}.`;
  return `You keep ${m.tierName}; the scheduled change was dropped.`;
}

// the card form (and Stripe.js with it) loads only when a past-due month is paid, not with every page
const PaymentSection = lazy(() => import('@/features/store').then((store) => ({ default: store.PaymentSection })));

/** The word the player reads for where the membership stands. */
export function membershipStatus(membership: MembershipDto): { status: string; label: string } {
  if (membership.status === 'ended') return { status: 'ended', label: 'Ended' };
  if (membership.status === 'past_due') return { status: 'failed', label: 'Past due' };
  if (membership.gifted) return { status: 'completed', label: 'Gift' };
  if (membership.cancelAtPeriodEnd) return { status: 'pending', label: 'Canceling' };
  return { status: 'completed', label: 'Active' };
}

/** The account page's Priority Pass: tier, status, next renewal, and Cancel, Resume, Change tier. */
export function MembershipSection() {
  const membership = useMyMembership(true, true);
  const action = useMembershipAction();
  const [asking, setAsking] = useState<MembershipAction | null>(null);
  const [changing, setChanging] = useState(false);
  const [paying, setPaying] = useState(false);
  const queryClient = useQueryClient();
  const [said, setSaid] = useState<string | null>(null);
  const run = (input: Parameters<typeof action.mutate>[0], done: (result: unknown) => string) => {
    setSaid(null);
    action.mutate(input, { onSuccess: (result) => setSaid(done(result)) });
  };
  return (
    <section id="membership" aria-labelledby="membership-heading" className="mt-8 scroll-mt-24">
      <h2 id="membership-heading" className="font-display text-2xl font-bold text-white">
        Priority Pass
      </h2>
      {membership.isPending || membership.error ? (
        <QueryState isPending={membership.isPending} error={membership.error} retry={() => void membership.refetch()} />
      ) : !membership.data ? (
        <p className="mt-3 text-slate-300">
          You have no Priority Pass membership.{' '}
          <Link to="/whitelist" className="font-semibold text-gold-400 underline">
            See the five tiers
          </Link>
        </p>
      ) : (
        <MembershipCard
          membership={membership.data}
          busy={action.isPending}
          onCancel={() => setAsking({ kind: 'cancel' })}
          onResume={() => setAsking({ kind: 'resume' })}
          onChangeTier={() => setChanging(true)}
          onPay={() => {
            setSaid(null);
            setPaying(true);
          }}
        />
      )}
      {said && (
        <p role="status" className="mt-3 rounded-lg border border-moss-400/50 bg-moss-400/10 p-3 text-sm text-moss-200">
          {said}
        </p>
      )}
      {action.error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-500/50 bg-red-500/10 p-3 text-sm text-red-200">
          {errorMessage(action.error)}
        </p>
      )}
      {membership.data && (
        <>
          <ActionDialog
            action={asking}
            membership={membership.data}
            onClose={() => setAsking(null)}
            onConfirm={(confirmed, preview) => {
              setAsking(null);
              run(confirmed, (result) => resultWords(preview, result));
            }}
          />
          <Modal open={paying} onOpenChange={setPaying} title="Pay this month with another card">
            <p className="mb-4 text-sm text-slate-200">
              Your {membership.data.tierName} renewal of {formatMoney(membership.data.amount)} did not go through. Pay
              it now to keep your benefits; later months are charged to this card.
            </p>
            {paying && (
              <Suspense fallback={<Spinner label="Preparing payment" />}>
                <PaymentSection
                  open={openRenewalPayment}
                  payLabel={`Pay now ${formatMoney(membership.data.amount)}`}
                  onCompleted={({ tokensAwarded }) => {
                    setPaying(false);
                    setSaid(
                      `Paid. Your ${membership.data?.tierName} membership is active again, and ${tokensAwarded} tokens were added.`,
                    );
                    void Promise.all([
                      queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
                      queryClient.invalidateQueries({ queryKey: authKeys.tokens() }),
                      queryClient.invalidateQueries({ queryKey: ['account'] }),
                    ]);
                  }}
                />
              </Suspense>
            )}
          </Modal>
          <ChangeTierDialog
            open={changing}
            onOpenChange={setChanging}
            membership={membership.data}
            onChoose={(tierId) => {
              setChanging(false);
              setAsking({ kind: 'change-tier', tierId });
            }}
          />
        </>
      )}
    </section>
  );
}

function MembershipCard({
  membership,
  busy,
  onCancel,
  onResume,
  onChangeTier,
  onPay,
}: {
  membership: MembershipDto;
  busy: boolean;
  onCancel: () => void;
  onResume: () => void;
  onChangeTier: () => void;
  onPay: () => void;
}) {
  const { status, label } = membershipStatus(membership);
  const live = membership.status !== 'ended';
  return (
    <div className="mt-3 rounded-2xl border border-bayou-700 bg-bayou-900 p-5" data-testid="membership">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-semibold text-white" data-testid="membership-tier">
          {membership.tierName}
        </p>
        <StatusPill status={status} label={label} testId="membership-status" />
        <p className="text-sm text-slate-300" data-testid="membership-terms">
          {membership.gift
            ? `A ${membership.gift.months}-month gift · ${membership.gift.tokens} tokens, all at once`
            : `${formatMoney(membership.amount)}/month · ${membership.tokensPerMonth} tokens every month`}
        </p>
      </div>
      <p className="mt-2 text-sm text-slate-200" data-testid="membership-next">
        {membership.nextCharge
          ? `Next renewal: ${day(membership.nextCharge.date)}, ${formatMoney(membership.nextCharge.amount)}${membership.nextCharge.tierId !== membership.tierId ? ` (${membership.nextCharge.tierName})` : ''}`
          : membership.status === 'past_due'
            ? `Your last renewal did not go through. Benefits last until ${day(membership.graceUntil ?? membership.currentPeriodEnd)}.`
            : membership.status === 'ended'
              ? `Ended ${day(membership.endedAt ?? membership.currentPeriodEnd)}${membership.endReason ? `: ${membership.endReason}` : ''}`
              : `Ends on ${day(membership.currentPeriodEnd)}. Nothing more will be charged.`}
      </p>
      {membership.status === 'ended' ? (
        <Link to="/whitelist" className="mt-4 inline-block font-semibold text-gold-400 underline">
          Start a new membership
        </Link>
      ) : membership.gifted ? (
        <p className="mt-4 text-sm text-slate-300" data-testid="membership-gifted">
          A gift:{' '}
          {membership.gift ? `all ${membership.gift.tokens} tokens were added at once` : 'its tokens were added'} on{' '}
          {day(membership.startedAt)}, and no more follow. Buy your own pass after it ends.
        </p>
      ) : membership.billedBy === 'tebex' ? (
        <p className="mt-4 text-sm text-slate-300" data-testid="membership-tebex">
          Billed by Tebex: to cancel, resume or change tier, use the link in your Tebex receipt email. This page shows
          the change as soon as Tebex reports it.
        </p>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          {membership.status === 'past_due' && (
            <button
              type="button"
              disabled={busy}
              onClick={onPay}
              className={`${BUTTON} bg-gold-500 text-bayou-950 hover:bg-gold-400`}
            >
              Pay now with another card
            </button>
          )}
          {membership.cancelAtPeriodEnd ? (
            <button
              type="button"
              disabled={busy}
              onClick={onResume}
              className={`${BUTTON} bg-gold-500 text-bayou-950 hover:bg-gold-400`}
            >
              Resume
            </button>
          ) : (
            live && (
              <button
                type="button"
                disabled={busy}
                onClick={onCancel}
                className={`${BUTTON} bg-bayou-800 text-white ring-1 ring-bayou-600 hover:bg-bayou-700`}
              >
                Cancel
              </button>
            )
          )}
          {membership.status === 'active' && (
            <button
              type="button"
              disabled={busy}
              onClick={onChangeTier}
              className={`${BUTTON} bg-gold-500 text-bayou-950 hover:bg-gold-400`}
            >
              Change tier
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function ChangeTierDialog({
  open,
  onOpenChange,
  membership,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  membership: MembershipDto;
  onChoose: (tierId: string) => void;
}) {
  const tiers = useProducts('whitelist');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Change tier">
      <p className="text-sm text-slate-300">
        A dearer tier starts now: you pay the difference for the rest of this month (the next step shows the amount
        before anything is charged) and get the extra tokens at once. A cheaper tier starts at your next renewal.
      </p>
      <ul className="mt-4 space-y-2">
        {(tiers.data ?? []).map((tier) => {
          const current = tier.id === membership.tierId;
          const price = tier.price ?? 0;
          const kind = current ? null : price > membership.amount ? 'Upgrade now' : 'Switch at renewal';
          return (
            <li
              key={tier.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-bayou-700 p-3"
            >
              <span>
                <span className="font-semibold text-white">{tier.name}</span>{' '}
                <span className="text-sm text-slate-300">{formatMoney(price)}/month</span>
              </span>
              {current && !membership.pendingTierId ? (
                <span className="text-sm text-moss-300">Your tier</span>
              ) : (
                <button
                  type="button"
                  onClick={() => onChoose(tier.id)}
                  className={`${BUTTON} bg-gold-500 text-bayou-950 hover:bg-gold-400`}
                >
                  {current ? 'Keep this tier' : kind}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

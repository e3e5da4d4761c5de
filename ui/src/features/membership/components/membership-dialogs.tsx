import type { MembershipDto, MembershipPreviewDto } from '@contract/memberships.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { day } from '@/lib/dates.ts';
import { BUTTON, DESTRUCTIVE } from '@/components/ui/dialog-buttons.ts';
import { formatMoney } from '@/lib/format.ts';
import { type MembershipAction, useMembershipPreview } from '../api/membership.ts';

const CONFIRM = `${BUTTON} bg-gold-500 text-bayou-950 hover:bg-gold-400`;

type TierPreview = Extract<MembershipPreviewDto, { action: 'change-tier' }>;

/** the next charge, with what the pass's coupon does to it */
function nextChargeWords({ coupon, nextCharge }: TierPreview): string {
  const amount = formatMoney(nextCharge.amount);
  if (!coupon) return amount;
  return coupon.offNext > 0
    ? `${amount} (your coupon ${coupon.code} takes ${formatMoney(coupon.offNext)} off)`
    : `${amount} (your coupon ${coupon.code} no longer covers it)`;
}

/** why an upgrade under a coupon charges what it does: the coupon's fixed amount comes off either tier */
function upgradeCouponLine({ coupon }: TierPreview): string[] {
  if (!coupon || coupon.offNow === 0) return [];
  return [
    `Your coupon ${coupon.code} takes the same ${formatMoney(coupon.offNow)} off this month whichever tier you hold, so the charge is the tiers' difference.`,
  ];
}

/** What the dialog says and its confirming button, from the server's own preview of the action. */
export function previewWords(
  preview: MembershipPreviewDto,
  membership: MembershipDto,
): { title: string; lines: string[]; confirm: string; destructive: boolean } {
  switch (preview.action) {
    case 'cancel':
      return preview.endsNow
        ? {
            title: 'End your Priority Pass now?',
            lines: [
              `Your last renewal did not go through, so this month was never paid. Canceling ends your ${membership.tierName} benefits now, and nothing more is charged.`,
              'It cannot be resumed: a new membership starts from the tiers page.',
            ],
            confirm: 'End membership now',
            destructive: true,
          }
        : {
            title: 'Cancel your Priority Pass?',
            lines: [
              `Your ${membership.tierName} benefits last until ${day(preview.benefitsUntil)}. Nothing more is charged.`,
              `You can resume any time before ${day(preview.benefitsUntil)}.`,
            ],
            confirm: `Cancel: benefits end ${day(preview.benefitsUntil)}`,
            destructive: true,
          };
    case 'resume':
      return {
        title: 'Resume your Priority Pass?',
        lines: [
          `Your ${preview.nextCharge.tierName} membership renews on ${day(preview.nextCharge.date)}: ${formatMoney(preview.nextCharge.amount)} is charged to your card then, and every month after until you cancel.`,
          'Nothing is charged now.',
        ],
        confirm: `Resume: ${formatMoney(preview.nextCharge.amount)} on ${day(preview.nextCharge.date)}`,
        destructive: false,
      };
    case 'change-tier':
      if (preview.kind === 'upgrade')
        return {
          title: `Upgrade to ${preview.tierName}?`,
          lines: [
            `${formatMoney(preview.chargeNow)} is charged to your card now: the difference for the rest of this month. ${preview.tokensNow} tokens are added at once.`,
            ...upgradeCouponLine(preview),
            `From ${day(preview.nextCharge.date)} you pay ${nextChargeWords(preview)} a month.`,
          ],
          confirm: `Pay ${formatMoney(preview.chargeNow)} and upgrade`,
          destructive: false,
        };
      if (preview.kind === 'downgrade')
        return {
          title: `Switch to ${preview.tierName} at your renewal?`,
          lines: [
            `Nothing is charged now. You keep ${membership.tierName} until ${day(preview.startsAt)}.`,
            `Then ${preview.tierName} starts, at ${nextChargeWords(preview)} a month.`,
          ],
          confirm: `Switch on ${day(preview.startsAt)}`,
          destructive: false,
        };
      return {
        title: `Keep ${preview.tierName}?`,
        lines: [
          `The switch waiting for your next renewal is dropped. Your renewal on ${day(preview.nextCharge.date)} is ${nextChargeWords(preview)}.`,
          'Nothing is charged now.',
        ],
        confirm: `Keep ${preview.tierName}`,
        destructive: false,
      };
  }
}

/**
 * The confirmation of a membership action: it asks the server what the action would do, says so (amounts and
 * dates), and confirms with a button that names it. An upgrade is confirmed for the amount shown: should it have
 * changed meanwhile, the server refuses and charges nothing.
 */
export function ActionDialog({
  action,
  membership,
  onClose,
  onConfirm,
}: {
  action: MembershipAction | null;
  membership: MembershipDto;
  onClose: () => void;
  onConfirm: (action: MembershipAction, preview: MembershipPreviewDto) => void;
}) {
  const preview = useMembershipPreview(action);
  const words = preview.data ? previewWords(preview.data, membership) : null;
  return (
    <Modal open={action !== null} onOpenChange={(open) => !open && onClose()} title={words?.title ?? 'Priority Pass'}>
      {!words || !preview.data ? (
        <QueryState isPending={preview.isPending} error={preview.error} retry={() => void preview.refetch()} />
      ) : (
        <>
          <div className="space-y-2 text-sm text-slate-200" data-testid="membership-preview">
            {words.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              className={words.destructive ? DESTRUCTIVE : CONFIRM}
              onClick={() => {
                const answer = preview.data;
                if (!action || !answer) return;
                onConfirm(
                  action.kind === 'change-tier' && answer.action === 'change-tier'
                    ? { ...action, expectedCharge: answer.chargeNow }
                    : action,
                  answer,
                );
              }}
            >
              {words.confirm}
            </button>
            <button type="button" className={`${BUTTON} bg-bayou-800 text-white`} onClick={onClose}>
              {action?.kind === 'cancel' ? 'Keep it' : 'Go back'}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

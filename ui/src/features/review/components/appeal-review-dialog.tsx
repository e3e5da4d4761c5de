import {
  APPEAL_BAN_OPTIONS,
  APPEAL_OFFENCE_OPTIONS,
  appealKind,
  type AppealDto,
  type AppealStatusDto,
} from '@contract/applications.ts';
import { useToast } from '@/components/ui/toast.tsx';
import { PlayerLink } from '@/features/players';
import { dayAndTime } from '@/lib/dates.ts';
import { useReviewAppeal } from '../api/review.ts';
import { StatusBadge } from './badges.tsx';
import { DECISION_COLOURS } from './decision-buttons.tsx';
import { allowedMoves, DecisionSection } from './decision-section.tsx';
import { Detail, LongAnswer, ReviewDialog } from './review-dialog.tsx';
import { useReviewForm } from './use-review-form.ts';

/** `closed` is the site's, never a reviewer's: an appeal whose ban was lifted or replaced */
type Target = Exclude<AppealStatusDto, 'pending' | 'closed'>;

const BUTTONS: Record<Target, { label: string; className: string }> = {
  approved: { label: 'Approve', className: DECISION_COLOURS.approve },
  denied: { label: 'Deny', className: DECISION_COLOURS.refuse },
};

export const banLabel = (ban: string) => APPEAL_BAN_OPTIONS.find((option) => option.value === ban)?.label ?? ban;
const offenceLabel = (offence: string) =>
  APPEAL_OFFENCE_OPTIONS.find((option) => option.value === offence)?.label ?? offence;

/** What approving does, said before the click. */
const APPROVAL_DOES: Record<AppealDto['ban'], string> = {
  account: 'Approving lifts the website ban this appeal was filed against at once and tells the player.',
  store: 'Approving lifts the store ban this appeal was filed against at once: the player can buy again.',
  'in-game': 'Approving records the decision and tells the player; the game-server ban is lifted on the game server.',
};

/** One appeal with every answer; approve (a website ban is lifted) or deny with a message the player reads. */
export function AppealReviewDialog({ appeal, onClose }: { appeal: AppealDto; onClose: () => void }) {
  const form = useReviewForm(appeal.reviewNotes ?? '');
  const review = useReviewAppeal();
  const { toast } = useToast();
  const allowed = allowedMoves(BUTTONS, appealKind.transitions[appeal.status]);

  // the player reads why an appeal was denied: an empty message stops Deny before the final question is asked
  const ready = (status: Target) => {
    if (status !== 'denied' || form.message.trim()) return true;
    form.block('applicantMessage', 'Write the player a message saying why the appeal is denied.');
    return false;
  };

  const decide = (status: Target) => {
    if (review.isPending || !ready(status)) return;
    review.mutate(
      { id: appeal.id, status, reviewNotes: form.notes, applicantMessage: form.message },
      {
        onSuccess: (decided) => {
          if (decided.status === 'closed') {
            toast({
              title: 'Appeal Closed',
              description: 'The ban it was filed against is no longer in place, so nothing was lifted.',
            });
            return onClose();
          }
          toast({
            title: status === 'approved' ? 'Appeal Approved' : 'Appeal Denied',
            description:
              status === 'approved' && appeal.ban === 'account'
                ? 'The ban is lifted: the player can use the whole site again.'
                : status === 'approved' && appeal.ban === 'store'
                  ? 'The store ban is lifted: the player can buy again.'
                  : 'The player can read the decision on their appeal page.',
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => form.refused(error, 'Review Failed'),
      },
    );
  };

  return (
    <ReviewDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Ban appeal: ${appeal.discordUsername}`}
      openerId={appeal.id}
    >
      <section aria-label="The ban">
        <h3 className="mb-2 text-sm font-semibold text-moss-300">The Ban</h3>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Player">
            <PlayerLink userId={appeal.userId} name={appeal.discordUsername} />
          </Detail>
          <Detail label="Discord ID">{appeal.discordId}</Detail>
          <Detail label="Ban">{banLabel(appeal.ban)}</Detail>
          <Detail label="Ban reference">{appeal.banReference ?? '—'}</Detail>
          <Detail label="Ban was for">{offenceLabel(appeal.offence)}</Detail>
          <Detail label="Banned around">{appeal.bannedAround}</Detail>
          <Detail label="Characters">{appeal.characterNames}</Detail>
          <Detail label="Status">
            <StatusBadge status={appeal.status} />
          </Detail>
          <Detail label="Sent">{dayAndTime(appeal.createdAt)}</Detail>
          {appeal.reviewedBy && <Detail label="Reviewed by">{appeal.reviewedBy}</Detail>}
        </dl>
      </section>
      <LongAnswer label="What happened" text={appeal.explanation} />
      <LongAnswer label="Why the ban was unfair" text={appeal.whyUnfair} />
      {appeal.applicantMessage && <LongAnswer label="Message to the player" text={appeal.applicantMessage} />}
      <DecisionSection
        thing="appeal"
        status={appeal.status}
        options={allowed.map((status) => ({ status, ...BUTTONS[status], final: true, ready: () => ready(status) }))}
        form={form}
        messageLabel="Message to the player (required to deny)"
        reader="player"
        applicant={appeal.discordUsername}
        busy={review.isPending}
        onDecide={decide}
      >
        <p className="text-sm text-slate-300">{APPROVAL_DOES[appeal.ban]}</p>
      </DecisionSection>
    </ReviewDialog>
  );
}

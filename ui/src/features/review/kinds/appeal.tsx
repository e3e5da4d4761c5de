import {
  APPEAL_BAN_OPTIONS,
  APPEAL_OFFENCE_OPTIONS,
  type AppealDto,
  type AppealListDto,
  type AppealStatusDto,
  type AppealSummaryDto,
  appealKind,
} from '@contract/applications.ts';
import { PlayerLink } from '@/features/players';
import { dayAndTime } from '@/lib/dates.ts';
import { PlayerCell } from '../components/application-table.tsx';
import { StatusBadge } from '../components/badges.tsx';
import { statusCounters } from '../components/counters.tsx';
import { DECISION_COLOURS } from '../components/decision-buttons.tsx';
import { type Moves, MoveDecision } from '../components/move-decision.tsx';
import { Cell } from '../components/responsive-table.tsx';
import { Detail, DetailSection, LongAnswer } from '../components/review-dialog.tsx';
import { VoteTally } from '../components/votes-panel.tsx';
import type { ReviewKindView } from './review-kind.ts';

const banLabel = (ban: string) => APPEAL_BAN_OPTIONS.find((option) => option.value === ban)?.label ?? ban;
const offenceLabel = (offence: string) =>
  APPEAL_OFFENCE_OPTIONS.find((option) => option.value === offence)?.label ?? offence;

/** What approving does, said before the click. */
const APPROVAL_DOES: Record<AppealDto['ban'], string> = {
  account: 'Approving lifts the website ban this appeal was filed against at once and tells the player.',
  store: 'Approving lifts the store ban this appeal was filed against at once: the player can buy again.',
  'in-game': 'Approving records the decision and tells the player; the game-server ban is lifted on the game server.',
};

/** `closed` is the site's, never a reviewer's: an appeal whose ban was lifted or replaced */
const moves: Moves<Exclude<AppealStatusDto, 'pending' | 'closed'>, AppealDto> = {
  kind: 'appeal',
  buttons: {
    approved: { label: 'Approve', className: DECISION_COLOURS.approve },
    denied: { label: 'Deny', className: DECISION_COLOURS.refuse },
  },
  transitions: appealKind.transitions,
  final: () => true,
  // the player reads why an appeal was denied: an empty message stops Deny before the final question is asked
  ready: (status, form) => {
    if (status !== 'denied' || form.message.trim()) return true;
    form.block('applicantMessage', 'Write the player a message saying why the appeal is denied.');
    return false;
  },
  thing: 'appeal',
  reader: 'player',
  messageLabel: 'Message to the player (required to deny)',
  applicant: (appeal) => appeal.discordUsername,
  explain: (appeal) => <p className="text-sm text-slate-300">{APPROVAL_DOES[appeal.ban]}</p>,
  toast: (status, decided, appeal) =>
    decided.status === 'closed'
      ? {
          title: 'Appeal Closed',
          description: 'The ban it was filed against is no longer in place, so nothing was lifted.',
        }
      : {
          title: status === 'approved' ? 'Appeal Approved' : 'Appeal Denied',
          description:
            status === 'approved' && appeal.ban === 'account'
              ? 'The ban is lifted: the player can use the whole site again.'
              : status === 'approved' && appeal.ban === 'store'
                ? 'The store ban is lifted: the player can buy again.'
                : 'The player can read the decision on their appeal page.',
          variant: 'success',
        },
};

/** Ban appeals, on /admin/appeals: approve (a website ban is lifted) or deny with a message the player reads. */
export const appealReview: ReviewKindView<AppealSummaryDto, AppealListDto, AppealDto> = {
  kind: 'appeal',
  definition: appealKind,
  counters: {
    label: 'Ban appeal counts',
    items: (list) =>
      statusCounters(list?.counts, [
        ['Pending', 'pending'],
        ['Approved', 'approved'],
        ['Denied', 'denied'],
        ['Closed', 'closed'],
      ]),
  },
  table: {
    caption: 'Ban appeals, newest first',
    empty: 'No ban appeals found',
    columns: ['Player', 'Ban', 'Banned around', 'Status', 'Sent', 'Action'],
    sentLabel: 'Sent',
    cells: (appeal) => (
      <>
        <PlayerCell label="Player" application={appeal}>
          <span className="block text-slate-400">{appeal.characterNames}</span>
        </PlayerCell>
        <Cell label="Ban">{banLabel(appeal.ban)}</Cell>
        <Cell label="Banned around">{appeal.bannedAround}</Cell>
        <Cell label="Status">
          <StatusBadge status={appeal.status} />
          <VoteTally votes={appeal.votes} />
        </Cell>
      </>
    ),
  },
  dialog: {
    title: (appeal) => `Ban appeal: ${appeal.discordUsername}`,
    body: (appeal) => (
      <>
        <DetailSection label="The ban" title="The Ban">
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
        </DetailSection>
        <LongAnswer label="What happened" text={appeal.explanation} />
        <LongAnswer label="Why the ban was unfair" text={appeal.whyUnfair} />
        {appeal.applicantMessage && <LongAnswer label="Message to the player" text={appeal.applicantMessage} />}
      </>
    ),
    decision: (appeal, onClose) => <MoveDecision application={appeal} moves={moves} onClose={onClose} />,
  },
};

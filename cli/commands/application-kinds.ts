import { appealKind, type AppealAnswers, type AppealStatus } from '../../core/applications/model/kinds/appeal.ts';
import type { StaffAnswers, StaffStatus } from '../../core/applications/model/kinds/staff.ts';
import { staffKind } from '../../core/applications/model/kinds/staff.ts';
import type { WhitelistAnswers, WhitelistStatus } from '../../core/applications/model/kinds/whitelist.ts';
import { whitelistKind } from '../../core/applications/model/kinds/whitelist.ts';
import { indented, oneLine } from '../terminal-text.ts';
import type { ApplicationCommands } from './applications.ts';

const applied = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');
/** Labels are 15 characters wide; a long answer's further lines start under its first. */
const long = (text: string | null) => indented(text ?? '-', 15);
const yes = (value: boolean) => (value ? 'yes' : 'no');
const reviewed = (a: { reviewedAt: Date | null; reviewedBy: string | null }) =>
  `Reviewed:      ${a.reviewedAt ? `${a.reviewedAt.toISOString()} by ${oneLine(a.reviewedBy)}` : 'not yet'}`;

export const whitelistCommands: ApplicationCommands<WhitelistAnswers, WhitelistStatus> = {
  kind: whitelistKind,
  command: 'applications',
  plural: 'whitelist applications',
  useCases: (system) => system.core.applications,
  empty: 'No applications yet',
  listLine: (a) =>
    oneLine(
      `${a.id}  ${a.status.padEnd(9)} ${applied(a.createdAt)}  ${a.discordUsername} (age ${a.age}, ${a.timezone})`,
    ),
  totals: (c) => `Pending ${c.pending}, approved ${c.approved}, rejected ${c.rejected}`,
  detailLines: (a) => [
    `Whitelist application ${a.id}`,
    `Status:        ${a.status}`,
    `Applicant:     ${oneLine(`${a.discordUsername} (Discord ${a.discordId}), ${a.email}`)}`,
    `Age:           ${a.age} (18+ confirmed: ${yes(a.isEighteenPlus)})`,
    `Timezone:      ${oneLine(a.timezone)}, ${a.hoursPerWeek} hours a week`,
    `Applied:       ${a.createdAt.toISOString()}`,
    reviewed(a),
    `Review notes:  ${long(a.reviewNotes)}`,
    `To applicant:  ${long(a.applicantMessage)}`,
    `Experience:    ${long(a.rpExperience)}`,
    `Communities:   ${long(a.previousCommunities)}`,
    `Background:    ${long(a.characterBackground)}`,
    `Goals:         ${long(a.characterGoals)}`,
    `Scenario:      ${long(a.roleplayScenario)}`,
    `Why join:      ${long(a.whyJoinServer)}`,
    `Agreements:    rules ${yes(a.rulesUnderstood)}, no metagaming ${yes(a.noMetagaming)}, respectful ${yes(a.respectfulBehavior)}`,
  ],
  decisions: (
    [
      ['approve', 'approved', 'Approve'],
      ['reject', 'rejected', 'Reject'],
    ] as const
  ).map(([name, status, verb]) => ({
    name,
    description: `${verb} a pending whitelist application (notes of 10+ characters)`,
    status,
    notes: { required: true, description: 'why: at least 10 characters', minimumTen: true },
    reviewerDescription: 'the reviewer (staff or admin)',
    done: (a) => `Application ${a.id} ${a.status} by ${oneLine(a.reviewedBy)}.`,
  })),
};

export const staffCommands: ApplicationCommands<StaffAnswers, StaffStatus> = {
  kind: staffKind,
  command: 'staff-applications',
  plural: 'staff applications',
  useCases: (system) => system.core.staffApplications,
  empty: 'No staff applications found',
  listLine: (a) =>
    oneLine(
      `${a.id}  ${a.status.padEnd(12)} ${a.position.padEnd(9)} ${applied(a.createdAt)}  ${a.realName} / ${a.discordUsername} (age ${a.age}, ${a.currentStaff ? 'current staff' : 'new applicant'})`,
    ),
  totals: (c) => `Pending ${c.pending}, under review ${c.under_review}, approved ${c.approved}, denied ${c.denied}`,
  detailLines: (a) => [
    `Staff application ${a.id}`,
    `Status:        ${a.status}`,
    `Position:      ${oneLine(a.position)}`,
    `Applicant:     ${oneLine(`${a.realName}, ${a.discordUsername} (Discord ${a.discordId}), ${a.email}`)}${a.currentStaff ? ', current staff' : ''}`,
    `Age:           ${a.age}, timezone ${oneLine(a.timezone)}`,
    `Availability:  ${long(a.availability)}`,
    `Applied:       ${a.createdAt.toISOString()}`,
    reviewed(a),
    `Review notes:  ${long(a.reviewNotes)}`,
    `To applicant:  ${long(a.applicantMessage)}`,
    `Experience:    ${long(a.experience)}`,
    `Why staff:     ${long(a.whyStaff)}`,
    `Scenarios:     ${long(a.scenarios)}`,
    `Languages:     ${long(a.languages)}`,
    `Communities:   ${long(a.previousCommunities)}`,
    `References:    ${long(a.references)}`,
    `Additional:    ${long(a.additionalInfo)}`,
  ],
  decisions: [
    {
      name: 'review',
      description: 'Move a staff application: pending -> under_review -> approved | denied (admins only)',
      status: { choices: staffKind.transitions.pending },
      notes: { required: false, description: 'optional notes, stored as written', minimumTen: false },
      reviewerDescription: 'the reviewer',
      done: (a) => `Staff application ${a.id} is now ${a.status.replace('_', ' ')} (by ${oneLine(a.reviewedBy)}).`,
    },
  ],
};

export const appealCommands: ApplicationCommands<AppealAnswers, AppealStatus> = {
  kind: appealKind,
  command: 'appeals',
  plural: 'ban appeals',
  useCases: (system) => system.core.appeals,
  empty: 'No ban appeals found',
  listLine: (a) =>
    oneLine(
      `${a.id}  ${a.status.padEnd(8)} ${a.ban.padEnd(8)} ${applied(a.createdAt)}  ${a.discordUsername} (${a.characterNames})`,
    ),
  totals: (c) =>
    `Pending ${c.pending}, approved ${c.approved}, denied ${c.denied}${c.closed ? `, closed ${c.closed}` : ''}`,
  detailLines: (a) => [
    `Ban appeal ${a.id}`,
    `Status:        ${a.status}`,
    `Ban:           ${a.ban}${a.banReference ? ` (reference ${oneLine(a.banReference)})` : ''}`,
    `Player:        ${oneLine(`${a.discordUsername} (Discord ${a.discordId})`)}`,
    `Characters:    ${long(a.characterNames)}`,
    `Banned around: ${long(a.bannedAround)}`,
    `Applied:       ${a.createdAt.toISOString()}`,
    reviewed(a),
    `Review notes:  ${long(a.reviewNotes)}`,
    `To player:     ${long(a.applicantMessage)}`,
    `What happened: ${long(a.explanation)}`,
    `Why unfair:    ${long(a.whyUnfair)}`,
  ],
  decisions: [
    {
      name: 'approve',
      description:
        "Approve a pending ban appeal: the website ban it was filed against is lifted, as by 'users unban' (a ban lifted or replaced since closes it instead)",
      status: 'approved',
      notes: { required: false, description: 'optional notes for the staff, stored as written', minimumTen: false },
      reviewerDescription: "the reviewer (holds 'review-appeals')",
      done: (a) =>
        a.status === 'closed'
          ? `Ban appeal ${a.id} closed: the ban it was filed against is no longer in place, so nothing was lifted.`
          : `Ban appeal ${a.id} approved by ${oneLine(a.reviewedBy)}.`,
    },
    {
      name: 'deny',
      description: 'Deny a pending ban appeal; --message tells the player why (required)',
      status: 'denied',
      notes: { required: false, description: 'optional notes for the staff, stored as written', minimumTen: false },
      reviewerDescription: "the reviewer (holds 'review-appeals')",
      done: (a) => `Ban appeal ${a.id} denied by ${oneLine(a.reviewedBy)}.`,
    },
  ],
};

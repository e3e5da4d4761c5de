import type { Permission } from '../../core/users/model/permissions.ts';
import type { Role, User } from '../../core/users/model/user.ts';
import { composeInMemory, type InMemoryOptions } from './compose-in-memory.ts';
import { appealAnswers, staffAnswers, whitelistAnswers } from './application-builders.ts';

let accounts = 0;

/**
 * The core on in-memory adapters with a clock the test moves and a bot that records what it is sent, and ways to make
 * the accounts and applications an interview needs.
 */
export function interviewFixture(options: InMemoryOptions = {}) {
  let now = new Date('2026-12-01T12:00:00Z');
  const memory = composeInMemory({
    clock: { now: () => new Date(now) },
    discord: { bot: true, staffChannel: false },
    ...options,
  });
  const { core } = memory;
  const account = async (name: string, role: Role = 'player', grant: readonly Permission[] = []): Promise<User> => {
    accounts += 1;
    let user = await core.users.signIn.execute({
      discordId: `81${String(Date.now() % 1e9).padStart(9, '0')}${String(accounts).padStart(6, '0')}`,
      discordUsername: name,
    });
    if (role !== 'player') user = await core.users.changeRole.execute({ userId: user.id, role });
    if (grant.length > 0)
      ({ user } = await core.users.changePermissions.execute({ userId: user.id, grant, revoke: [] }));
    return user;
  };
  const apply = {
    staff: (applicant: User) => core.staffApplications.submit.execute({ applicant, answers: staffAnswers() }),
    whitelist: (applicant: User) => core.applications.submit.execute({ applicant, answers: whitelistAnswers() }),
    appeal: (applicant: User) =>
      core.appeals.submit.execute({ applicant, answers: appealAnswers({ ban: 'in-game', banReference: 'BAN-77' }) }),
  };
  /** an instant `minutes` from the clock's now */
  const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  /** the direct messages written to the outbox, oldest first */
  const messages = async () =>
    (await memory.stores.outbox.list({ limit: 1000 }))
      .filter((row) => row.kind === 'message_user')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return {
    core,
    memory,
    account,
    apply,
    inMinutes,
    messages,
    now: () => new Date(now),
    advance: (minutes: number) => {
      now = new Date(now.getTime() + minutes * 60_000);
    },
    setNow: (date: Date) => {
      now = new Date(date);
    },
  };
}

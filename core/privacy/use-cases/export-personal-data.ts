import type { PrivacyDeps } from '../model/deps.ts';
import type { PersonalData } from '../model/personal-data.ts';
import { newPrivacyRequest, type PrivacyRequestChannel } from '../model/privacy-request.ts';
import { purchasesOf } from '../model/purchases-of.ts';

/** membership events read for one player: far more than any player's months and changes */
const MEMBERSHIP_EVENTS_MAX = 5000;
const GRANTS_MAX = 5000;
const ADMISSIONS_MAX = 100_000;
/** the whole ledger: a copy of one's data leaves nothing out (the history page shows the latest only) */
const LEDGER_MAX = 1_000_000;

/**
 * A player's copy of their data (GDPR art. 15 and 20): the request is recorded, completed at once, then everything
 * the modules hold about them is read, each through its own port.
 */
export class ExportPersonalData {
  constructor(private readonly deps: PrivacyDeps) {}

  async execute(input: { userId: string; channel: PrivacyRequestChannel }): Promise<PersonalData> {
    const { deps } = this;
    const user = await deps.users.execute(input.userId);
    const now = deps.clock.now();
    const request = newPrivacyRequest({
      id: deps.ids.next(),
      userId: user.id,
      kind: 'export',
      channel: input.channel,
      now,
    });
    await deps.requests.add({ ...request, status: 'completed', completedAt: now });

    const membershipEvents = await deps.memberships.repository.eventsOf(user.id, MEMBERSHIP_EVENTS_MAX);
    const latest = await deps.memberships.repository.latestOf(user.id);
    const membershipIds = new Set([
      ...membershipEvents.map((event) => event.membershipId),
      ...(latest ? [latest.id] : []),
    ]);
    const memberships = await Promise.all([...membershipIds].map((id) => deps.memberships.repository.findById(id)));
    return {
      exportedAt: now,
      user,
      purchases: await purchasesOf(deps.purchases, user.id),
      ledger: await deps.ledger.history(user.id, LEDGER_MAX),
      applications: await Promise.all(
        deps.applications.map(async (repository) => ({
          kind: repository.kind,
          items: await repository.listByApplicant(user.id),
        })),
      ),
      memberships: memberships
        .filter((membership) => membership !== null)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
      membershipEvents,
      interviews: await deps.interviews.execute({ userId: user.id }),
      grants: await deps.grants.list({ userId: user.id, limit: GRANTS_MAX }),
      queueAdmissions: await deps.queueAdmissions.ofPlayer(user.discordId, ADMISSIONS_MAX),
      requests: await deps.requests.ofUser(user.id),
    };
  }
}

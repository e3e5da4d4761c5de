import { randomUUID } from 'node:crypto';
import type { Grant } from '../../core/grants/model/grant.ts';
import { MikroOrmGrantQueue } from '../../adapters/persistence/mikro-orm-grant-queue.ts';
import type { TestServer } from './test-system.ts';
import { randomDiscordId } from './session.ts';

/** A grant as the queue stores it, failed unless told otherwise (tests that need one without buying). */
export function grant(fields: Partial<Grant> = {}): Grant {
  const now = new Date();
  // a grant not offered yet was never offered, nor reported
  const waiting = fields.status === 'queued' || fields.status === 'held';
  return {
    id: randomUUID(),
    purchaseId: null,
    membershipId: null,
    userId: null,
    discordId: randomDiscordId(),
    productId: 'hood-package',
    optionId: null,
    action: 'purchase',
    kind: 'command',
    command: 'addgang 123456789012345678 hood',
    event: null,
    needsOnline: true,
    status: 'failed',
    resendOf: null,
    dedupeKey: `test:${randomUUID()}`,
    offers: waiting ? 0 : 1,
    leaseUntil: null,
    server: waiting ? null : 'main',
    ranAt: null,
    result: waiting ? null : 'No such gang',
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

/** stores a grant in the test server's database; answers its id */
export async function storedGrant(server: TestServer, fields: Partial<Grant> = {}): Promise<string> {
  const made = grant(fields);
  const { database } = server.system;
  await database.withContext(() =>
    new MikroOrmGrantQueue(database).add(
      [made],
      [{ grantId: made.id, kind: 'queued', at: made.createdAt, server: null, message: null, actor: null }],
    ),
  );
  return made.id;
}

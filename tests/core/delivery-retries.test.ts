import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '../../core/delivery/model/delivery-settings.ts';
import { DeliverDue } from '../../core/delivery/use-cases/deliver-due.ts';
import type { Delivery } from '../../core/delivery/model/delivery.ts';
import { DeliveryAttemptError } from '../../core/delivery/errors.ts';
import type { DiscordGateway } from '../../core/delivery/ports.ts';
import { InMemoryDeliveryOutbox } from '../../adapters/memory/in-memory-delivery-outbox.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A guild in memory that hands out roles, or fails the way a test tells it to. */
class ScriptedDiscord implements DiscordGateway {
  readonly capabilities = { bot: true, staffChannel: true };
  readonly roles = new Map<string, Set<string>>();
  readonly attempts: Array<{ at: number; what: string }> = [];
  failure: DeliveryAttemptError | null = null;

  constructor(private readonly now: () => number) {}

  async grantRole(discordId: string, roleId: string): Promise<void> {
    this.attempt(`grant ${roleId} to ${discordId}`);
    this.roles.set(discordId, new Set([...(this.roles.get(discordId) ?? []), roleId]));
  }

  async removeRole(discordId: string, roleId: string): Promise<void> {
    this.attempt(`remove ${roleId} from ${discordId}`);
    this.roles.get(discordId)?.delete(roleId);
  }

  async messageUser(discordId: string): Promise<void> {
    this.attempt(`message ${discordId}`);
  }

  async notifyStaff(): Promise<void> {
    this.attempt('notify staff');
  }

  async memberRoles(discordId: string): Promise<string[] | null> {
    return [...(this.roles.get(discordId) ?? [])];
  }

  private attempt(what: string): void {
    this.attempts.push({ at: this.now(), what });
    if (this.failure) throw this.failure;
  }
}

function setup(settings: Partial<DeliverySettings> = {}) {
  let now = Date.parse('2026-11-22T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const outbox = new InMemoryDeliveryOutbox();
  const discord = new ScriptedDiscord(() => now);
  const deliver = new DeliverDue({ outbox, discord, clock, settings: { ...DEFAULT_DELIVERY_SETTINGS, ...settings } });
  const grant: Delivery = {
    id: randomUUID(),
    kind: 'grant_role',
    status: 'pending',
    userId: randomUUID(),
    discordId: '300000000000000001',
    roleId: '500000000000000060',
    content: 'Purchase: Swamp Blood',
    purchaseId: randomUUID(),
    applicationId: null,
    dedupeKey: `purchase-role:${randomUUID()}`,
    attempts: 0,
    nextAttemptAt: clock.now(),
    lastError: null,
    createdAt: clock.now(),
    updatedAt: clock.now(),
    deliveredAt: null,
  };
  return {
    outbox,
    discord,
    grant,
    pass: () => deliver.execute(),
    row: async () => (await outbox.findById(grant.id))!,
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const nothing = { delivered: 0, retrying: 0, failed: 0 };

describe('delivering the outbox, on a fake clock', () => {
  it('waits 5 s after the first failed try, doubling each time up to 15 minutes, and tries nothing before the wait is over', async () => {
    const t = setup({ maxAttempts: 10 });
    t.discord.failure = new DeliveryAttemptError('Discord answered 500.', true);
    await t.outbox.add([t.grant]);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect(await t.pass()).toEqual({ ...nothing, retrying: 1 });
      const row = await t.row();
      expect(row).toMatchObject({
        status: 'pending',
        attempts: attempt,
        lastError: `Try ${attempt}: Discord answered 500.`,
      });
      const wait = row.nextAttemptAt.getTime() - t.now();
      waits.push(wait);
      t.advance(wait - 1);
      expect(await t.pass()).toEqual(nothing);
      t.advance(1);
    }
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 900].map((seconds) => seconds * SECOND));
    expect(t.discord.attempts).toHaveLength(9);
  });

  it('gives up after the last of its tries, leaving the row failed, and never tries it again', async () => {
    const t = setup();
    t.discord.failure = new DeliveryAttemptError('Discord answered 502.', true);
    await t.outbox.add([t.grant]);
    for (let attempt = 1; attempt < DEFAULT_DELIVERY_SETTINGS.maxAttempts; attempt++) {
      expect(await t.pass()).toEqual({ ...nothing, retrying: 1 });
      t.advance(15 * MINUTE);
    }
    expect(await t.pass()).toEqual({ ...nothing, failed: 1 });
    expect(await t.row()).toMatchObject({
      status: 'failed',
      attempts: 8,
      lastError: 'Try 8: Discord answered 502.',
      deliveredAt: null,
    });
    t.advance(24 * 60 * MINUTE);
    expect(await t.pass()).toEqual(nothing);
    expect(t.discord.attempts).toHaveLength(8);
  });

  it('leaves a final failure (a 4xx other than 429) failed after one try, however much later it looks again', async () => {
    const t = setup();
    t.discord.failure = new DeliveryAttemptError('Discord answered 403: Missing Permissions (code 50013).', false);
    await t.outbox.add([t.grant]);
    expect(await t.pass()).toEqual({ ...nothing, failed: 1 });
    expect(await t.row()).toMatchObject({ status: 'failed', attempts: 1 });
    t.advance(24 * 60 * MINUTE);
    expect(await t.pass()).toEqual(nothing);
    expect(t.discord.attempts).toHaveLength(1);
  });

  it('waits as long as Discord asked when that is longer than the backoff', async () => {
    const t = setup();
    t.discord.failure = new DeliveryAttemptError('Discord rate limit: try again in 42.0 s.', true, 42 * SECOND);
    await t.outbox.add([t.grant]);
    await t.pass();
    expect((await t.row()).nextAttemptAt.getTime() - t.now()).toBe(42 * SECOND);
    t.discord.failure = null;
    t.advance(42 * SECOND - 1);
    expect(await t.pass()).toEqual(nothing);
    t.advance(1);
    expect(await t.pass()).toEqual({ ...nothing, delivered: 1 });
    expect(t.discord.attempts.map((attempt) => attempt.at - t.discord.attempts[0].at)).toEqual([0, 42 * SECOND]);
  });

  it('sends a delivered row once: later passes leave it alone', async () => {
    const t = setup();
    await t.outbox.add([t.grant]);
    expect(await t.pass()).toEqual({ ...nothing, delivered: 1 });
    t.advance(24 * 60 * MINUTE);
    expect(await t.pass()).toEqual(nothing);
    expect(t.discord.attempts).toHaveLength(1);
    expect(t.discord.roles.get(t.grant.discordId!)?.has(t.grant.roleId!)).toBe(true);
    expect(await t.row()).toMatchObject({ status: 'delivered', attempts: 1, lastError: null });
  });

  it('sends again a row whose worker stopped mid-try, once that worker’s lease has run out', async () => {
    const t = setup();
    await t.outbox.add([t.grant]);
    // a worker claims it and dies before recording anything
    await t.outbox.claimDue(new Date(t.now()), 10, new Date(t.now() + DEFAULT_DELIVERY_SETTINGS.leaseMs));
    t.advance(DEFAULT_DELIVERY_SETTINGS.leaseMs - 1);
    expect(await t.pass()).toEqual(nothing);
    t.advance(1);
    expect(await t.pass()).toEqual({ ...nothing, delivered: 1 });
    expect(await t.row()).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});

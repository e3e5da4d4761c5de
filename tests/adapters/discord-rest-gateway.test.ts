import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeliveryAttemptError } from '../../core/delivery/errors.ts';
import { DiscordRestGateway, type RateLimitNotice } from '../../adapters/discord/discord-rest-gateway.ts';
import { FAKE_BOT_TOKEN, FAKE_GUILD_ID, FakeDiscord } from '../support/fake-discord.ts';

const MEMBER = '300000000000000001';
const ROLE = '500000000000000060';
const ROLE_PUT = /^\/api\/v10\/guilds\/\d+\/members\/\d+\/roles\/\d+$/;
const rateLimited = (seconds: number, global: boolean) => ({
  status: 429,
  headers: { 'Retry-After': String(seconds), ...(global ? { 'X-RateLimit-Global': 'true' } : {}) },
  body: { message: 'You are being rate limited.', retry_after: seconds, global },
});

let fake: FakeDiscord;
let gateway: DiscordRestGateway;
/** the rate limits the gateway reported, each before its wait began */
let notices: RateLimitNotice[];

// the Discord client sleeps with setTimeout and reads Date.now(): both run on vitest's clock, which moves only
// when a test says so; the fake Discord stamps its calls with the same clock
const clock = {
  now: () => Date.now(),
  advance: (ms: number) => vi.advanceTimersByTimeAsync(ms),
};

beforeAll(async () => {
  fake = await FakeDiscord.start({ now: () => Date.now() });
});
afterAll(() => fake.stop());
afterEach(() => {
  vi.useRealTimers();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.parse('2026-11-22T12:00:00Z') });
  notices = [];
  fake.clearPlans();
  fake.calls.length = 0;
  fake.addMember(MEMBER);
  const env = fake.env();
  gateway = new DiscordRestGateway({
    apiUrl: env.DISCORD_API_URL,
    botToken: FAKE_BOT_TOKEN,
    guildId: FAKE_GUILD_ID,
    staffWebhookUrl: env.DISCORD_STAFF_WEBHOOK_URL,
    onRateLimit: (notice) => notices.push(notice),
  });
});

/** the gateway is waiting on these routes (a rate limit was reported for each); polls in real time */
async function waitingOn(...routes: RegExp[]): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    try {
      for (const route of routes) expect(notices.some((notice) => route.test(notice.route))).toBe(true);
      return;
    } catch (error) {
      if (tries > 1000) throw error;
      await sleep(5);
    }
  }
}
const ROLE_ROUTE = /^PUT \/guilds\/:id\/members\/:id\/roles\/:id$/;

describe('Discord REST gateway rate limits, on a fake clock', () => {
  it('waits out a 429 with Retry-After 1.5 s before sending that request again', async () => {
    fake.plan('PUT', ROLE_PUT, [rateLimited(1.5, false)]);
    const granting = gateway.grantRole(MEMBER, ROLE, 'Purchase: Swamp Blood');
    await waitingOn(ROLE_ROUTE);
    expect(notices).toEqual([{ route: expect.stringMatching(ROLE_ROUTE), global: false, waitMs: 1500 }]);
    await clock.advance(1499);
    expect(fake.callsTo('PUT', ROLE_PUT)).toHaveLength(1);
    await clock.advance(1);
    await granting;
    const [limited, retried] = fake.callsTo('PUT', ROLE_PUT);
    expect(retried.at - limited.at).toBeGreaterThanOrEqual(1500);
    expect(fake.members.get(MEMBER)?.has(ROLE)).toBe(true);
  });

  it("holds only the limited route after a route's 429: other requests go at once", async () => {
    fake.plan('PUT', ROLE_PUT, [rateLimited(5, false)]);
    const granting = gateway.grantRole(MEMBER, ROLE, 'Purchase');
    await waitingOn(ROLE_ROUTE);
    await gateway.notifyStaff('New purchase');
    expect(fake.staffMessages()).toEqual(['New purchase']);
    await clock.advance(5000);
    await granting;
  });

  it('pauses every request, on every route, after a global 429 until its wait is over', async () => {
    fake.plan('PUT', ROLE_PUT, [rateLimited(2, true)]);
    const start = clock.now();
    const granting = gateway.grantRole(MEMBER, ROLE, 'Purchase');
    await waitingOn(ROLE_ROUTE);
    const notifying = gateway.notifyStaff('New purchase');
    const messaging = gateway.messageUser(MEMBER, 'Your role is on its way.');
    await waitingOn(/^POST \/webhooks\/:id\//, /^POST \/users\/@me\/channels$/);
    expect(notices.every((notice) => notice.global && notice.waitMs <= 2000)).toBe(true);
    await clock.advance(1999);
    expect(fake.calls).toHaveLength(1);
    await clock.advance(1);
    await Promise.all([granting, notifying, messaging]);
    const [first, ...rest] = fake.calls;
    expect(first.at).toBe(start);
    expect(rest.map((call) => call.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(ROLE_PUT), expect.stringMatching(/^\/api\/webhooks\//)]),
    );
    expect(rest.every((call) => call.at >= start + 2000)).toBe(true);
  });

  it('waits for a bucket Discord reports as used up (X-RateLimit-Remaining 0) before sending on it again', async () => {
    const bucket = (remaining: number) => ({
      status: 204,
      headers: {
        'X-RateLimit-Bucket': 'member-roles',
        'X-RateLimit-Limit': '2',
        'X-RateLimit-Remaining': String(remaining),
        'X-RateLimit-Reset-After': '1',
      },
    });
    fake.plan('PUT', ROLE_PUT, [bucket(1), bucket(0)]);
    await gateway.grantRole(MEMBER, ROLE, 'Purchase');
    await gateway.grantRole(MEMBER, '500000000000000061', 'Purchase');
    const third = gateway.grantRole(MEMBER, '500000000000000062', 'Purchase');
    await waitingOn(ROLE_ROUTE);
    expect(notices).toEqual([{ route: expect.stringMatching(ROLE_ROUTE), global: false, waitMs: 1000 }]);
    await clock.advance(999);
    expect(fake.callsTo('PUT', ROLE_PUT)).toHaveLength(2);
    await clock.advance(1);
    await third;
    expect(fake.callsTo('PUT', ROLE_PUT)).toHaveLength(3);
  });

  it('hands a wait longer than it may wait back to the outbox as a retryable failure with the wait asked for', async () => {
    fake.plan('PUT', ROLE_PUT, [rateLimited(60, false)]);
    const failure = await gateway.grantRole(MEMBER, ROLE, 'Purchase').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeliveryAttemptError);
    expect(failure).toMatchObject({ retryable: true, retryAfterMs: 60_000 });
    // answered without the clock moving: nothing waited
    expect(fake.callsTo('PUT', ROLE_PUT)).toHaveLength(1);
    expect(notices).toEqual([{ route: expect.stringMatching(ROLE_ROUTE), global: false, waitMs: 60_000 }]);
  });

  it('reports a 5xx as worth retrying and any other 4xx as final', async () => {
    fake.plan('PUT', ROLE_PUT, [
      { status: 500, body: { message: 'Internal Server Error' } },
      { status: 403, body: { message: 'Missing Permissions', code: 50013 } },
    ]);
    await expect(gateway.grantRole(MEMBER, ROLE, 'Purchase')).rejects.toMatchObject({
      retryable: true,
      message: 'Discord answered 500: Internal Server Error.',
    });
    await expect(gateway.grantRole(MEMBER, ROLE, 'Purchase')).rejects.toMatchObject({
      retryable: false,
      message: 'Discord answered 403: Missing Permissions (code 50013).',
    });
    expect(fake.callsTo('PUT', ROLE_PUT)).toHaveLength(2);
  });

  it('after Discord refuses the bot token, fails every bot request as final without sending it; the webhook still goes', async () => {
    fake.plan('PUT', ROLE_PUT, [{ status: 401, body: { message: '401: Unauthorized', code: 0 } }]);
    await expect(gateway.grantRole(MEMBER, ROLE, 'Purchase')).rejects.toMatchObject({
      retryable: false,
      message: 'Discord answered 401: 401: Unauthorized.',
    });
    await expect(gateway.grantRole(MEMBER, ROLE, 'Purchase')).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining('DISCORD_BOT_TOKEN'),
    });
    expect(fake.callsTo('PUT', ROLE_PUT)).toHaveLength(1);
    await gateway.notifyStaff('Still here');
    expect(fake.staffMessages()).toEqual(['Still here']);
  });
});

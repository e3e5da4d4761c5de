import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryAttemptError } from '../../core/delivery/errors.ts';
import { DiscordRestGateway } from '../../adapters/discord/discord-rest-gateway.ts';
import { eventually } from '../support/eventually.ts';
import { FAKE_BOT_TOKEN, FAKE_GUILD_ID, FakeDiscord } from '../support/fake-discord.ts';
import { FakeTimer } from '../support/fake-timer.ts';

const MEMBER = '300000000000000001';
const ROLE = '500000000000000060';
const ROLE_PUT = /^\/api\/v10\/guilds\/\d+\/members\/\d+\/roles\/\d+$/;
const rateLimited = (seconds: number, global: boolean) => ({
  status: 429,
  headers: { 'Retry-After': String(seconds), ...(global ? { 'X-RateLimit-Global': 'true' } : {}) },
  body: { message: 'You are being rate limited.', retry_after: seconds, global },
});

let fake: FakeDiscord;
let timer: FakeTimer;
let gateway: DiscordRestGateway;

beforeAll(async () => {
  fake = await FakeDiscord.start({ now: () => timer.now() });
});
afterAll(() => fake.stop());
beforeEach(() => {
  timer = new FakeTimer();
  fake.clearPlans();
  fake.calls.length = 0;
  fake.addMember(MEMBER);
  const env = fake.env();
  gateway = new DiscordRestGateway({
    apiUrl: env.DISCORD_API_URL,
    botToken: FAKE_BOT_TOKEN,
    guildId: FAKE_GUILD_ID,
    staffWebhookUrl: env.DISCORD_STAFF_WEBHOOK_URL,
    timer,
  });
});

/** the gateway is waiting: `count` sleeps have begun and not ended */
const waiting = (count: number) => eventually(() => expect(timer.sleeping).toBe(count), 5_000, 5);

describe('Discord REST gateway rate limits, on a fake clock', () => {
  it('waits out a 429 with Retry-After 1.5 s before sending that request again', async () => {
    fake.plan('PUT', ROLE_PUT, [rateLimited(1.5, false)]);
    const granting = gateway.grantRole(MEMBER, ROLE, 'Purchase: Swamp Blood');
    await waiting(1);
    await timer.advance(1499);
    expect(fake.callsTo('PUT', ROLE_PUT)).toHaveLength(1);
    await timer.advance(1);
    await granting;
    const [limited, retried] = fake.callsTo('PUT', ROLE_PUT);
    expect(retried.at - limited.at).toBeGreaterThanOrEqual(1500);
    expect(fake.members.get(MEMBER)?.has(ROLE)).toBe(true);
  });

  it("holds only the limited route after a route's 429: other requests go at once", async () => {
    fake.plan('PUT', ROLE_PUT, [rateLimited(5, false)]);
    const granting = gateway.grantRole(MEMBER, ROLE, 'Purchase');
    await waiting(1);
    await gateway.notifyStaff('New purchase');
    expect(fake.staffMessages()).toEqual(['New purchase']);
    await timer.advance(5000);
    await granting;
  });

  it('pauses every request, on every route, after a global 429 until its wait is over', async () => {
    fake.plan('PUT', ROLE_PUT, [rateLimited(2, true)]);
    const start = timer.now();
    const granting = gateway.grantRole(MEMBER, ROLE, 'Purchase');
    await waiting(1);
    const notifying = gateway.notifyStaff('New purchase');
    const messaging = gateway.messageUser(MEMBER, 'Your role is on its way.');
    await waiting(3);
    await timer.advance(1999);
    expect(fake.calls).toHaveLength(1);
    await timer.advance(1);
    await Promise.all([granting, notifying, messaging]);
    const [first, ...rest] = fake.calls;
    expect(first.at).toBe(start);
    expect(rest.map((call) => call.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(ROLE_PUT), expect.stringMatching(/^\/api\/webhooks\//)]),
    );
    expect(rest.every((call) => call.at >= start + 2000)).toBe(true);
  });

  it('hands a wait longer than it may wait back to the outbox as a retryable failure with the wait asked for', async () => {
    fake.plan('PUT', ROLE_PUT, [rateLimited(60, false)]);
    const failure = await gateway.grantRole(MEMBER, ROLE, 'Purchase').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeliveryAttemptError);
    expect(failure).toMatchObject({ retryable: true, retryAfterMs: 60_000 });
    expect(fake.callsTo('PUT', ROLE_PUT)).toHaveLength(1);
    expect(timer.sleeping).toBe(0);
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
});

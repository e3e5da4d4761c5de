import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const DAY = 86_400_000;
const now = new Date('2026-12-01T12:00:00Z');
let server: TestServer;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
});
afterAll(() => server?.stop());

const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
/** a field's programmatic name as a refusal must never show it */
const FIELD_NAMES = /percentOff|amountOff|maxUses|perPlayer|startsAt|expiresAt|productIds|productTypes/;

describe('POST /api/coupons: every term the CLI takes, and the state it is created in', () => {
  it('keeps a start, single products, a per-player limit and the Priority Pass months, and says the coupon waits for its start', async () => {
    const created = await admin.post('/api/coupons', {
      code: 'laterpass',
      percentOff: 20,
      productIds: ['hood-package', 'swamp-blood'],
      perPlayer: 2,
      maxUses: 40,
      startsAt: at(3 * DAY),
      expiresAt: at(10 * DAY),
      months: 3,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'LATERPASS',
      productIds: ['hood-package', 'swamp-blood'],
      perPlayer: 2,
      maxUses: 40,
      startsAt: at(3 * DAY),
      expiresAt: at(10 * DAY),
      months: 3,
      state: 'scheduled',
    });
    const listed = (await admin.get('/api/coupons')).body.coupons.find((c: { code: string }) => c.code === 'LATERPASS');
    expect(listed).toMatchObject({
      perPlayer: 2,
      months: 3,
      state: 'scheduled',
      productIds: ['hood-package', 'swamp-blood'],
    });
  });

  it('answers a coupon created already expired as expired, and one with no dates as active', async () => {
    const old = await admin.post('/api/coupons', { code: 'OLDCODE', percentOff: 10, expiresAt: at(-DAY) });
    expect(old.status).toBe(201);
    expect(old.body.state).toBe('expired');
    const open = await admin.post('/api/coupons', { code: 'OPENCODE', amountOff: 5, months: 'forever' });
    expect(open.body).toMatchObject({ state: 'active', months: null, amountOff: 5 });
  });

  it.each([
    [{ code: 'PCT', percentOff: 150 }, 'A percent is 1 to 100.'],
    [{ code: 'NONE' }, 'Give either a percent or an amount off, not both.'],
    [
      { code: 'LIMIT', percentOff: 10, maxUses: 0 },
      'Uses in all is a whole number from 1 to 1,000,000, or empty for no limit.',
    ],
    [
      { code: 'EACH', percentOff: 10, perPlayer: 2.5 },
      'Uses per player is a whole number from 1 to 1,000,000, or empty for no limit.',
    ],
    [
      { code: 'MONTHS', percentOff: 10, months: 0 },
      "Priority Pass months is a whole number from 1 to 120, or 'forever'.",
    ],
    [{ code: 'TURNED', percentOff: 10, startsAt: at(DAY), expiresAt: at(-DAY) }, 'A coupon expires after it starts.'],
    [{ code: 'x', percentOff: 10 }, 'A code is 3 to 32 letters, digits, dashes or underscores.'],
  ])('refuses %j in words that name no field, and creates nothing', async (body, words) => {
    const refused = await admin.post('/api/coupons', body);
    expect(refused.status).toBe(400);
    const reasons = [refused.body.message, ...(refused.body.issues ?? []).map((i: { message: string }) => i.message)];
    expect(reasons.join(' ')).toContain(words);
    expect((refused.body.issues ?? []).map((i: { message: string }) => i.message).join(' ')).not.toMatch(FIELD_NAMES);
    if (refused.body.code !== 'INVALID_REQUEST') expect(refused.body.message).not.toMatch(FIELD_NAMES);
    const codes = (await admin.get('/api/coupons')).body.coupons.map((c: { code: string }) => c.code);
    expect(codes).not.toContain(String(body.code).toUpperCase());
  });
});

import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import { DEFAULT_SECOND_FACTOR_PERMISSIONS } from '../../core/security/model/second-factor.ts';
import { client } from '../support/http.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

let now = new Date('2026-11-29T12:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    clock: { now: () => new Date(now) },
    env: { STAFF_2FA: DEFAULT_SECOND_FACTOR_PERMISSIONS.join(',') },
  });
});
afterAll(() => server?.stop());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const codeNow = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: now.getTime() });

async function paidPurchase(): Promise<string> {
  const bought = await buyWithDemoCard(server.url, await signIn(server), {
    productType: 'whitelist',
    productId: 'swamp-blood',
  });
  return bought.purchaseId;
}

async function withApp(admin: SignedIn): Promise<{ secret: string; recoveryCodes: string[] }> {
  const api = client(server.url, admin.cookie);
  const setup = await api.post('/api/security/authenticator-app', {});
  expect(setup.status).toBe(200);
  const confirmed = await api.post('/api/security/authenticator-app/confirm', { code: codeNow(setup.body.secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

describe('second factor for staff (API)', () => {
  it('refuses a refund until the admin sets up a factor, changing nothing, then refunds once it is checked', async () => {
    const purchaseId = await paidPurchase();
    const admin = await signIn(server, { role: 'admin' });
    const api = client(server.url, admin.cookie);
    const status = await api.get('/api/security/second-factor');
    expect(status.body).toMatchObject({ required: true, enrolled: false, fresh: false, checkedAt: null });
    const refused = await api.post(`/api/purchases/${purchaseId}/refund`, { reason: 'Chargeback risk' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
    expect(refused.body.message).toMatch(/account\/security/);
    expect((await api.get(`/api/purchases/${purchaseId}`)).body.purchase.status).toBe('completed');

    const { secret, recoveryCodes } = await withApp(admin);
    expect(recoveryCodes).toHaveLength(10);
    expect((await api.get('/api/security/second-factor')).body).toMatchObject({
      enrolled: true,
      authenticatorApp: true,
      recoveryCodesLeft: 10,
      fresh: true,
    });
    // a second look at the setup never shows the secret again
    expect(JSON.stringify((await api.get('/api/security/second-factor')).body)).not.toContain(secret);
    const refunded = await api.post(`/api/purchases/${purchaseId}/refund`, { reason: 'Chargeback risk' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.purchase.status).toBe('refunded');
  });

  it('asks again after ten minutes before a ban, and takes an app code once', async () => {
    const admin = await signIn(server, { role: 'admin' });
    const player = await signIn(server);
    const api = client(server.url, admin.cookie);
    const { secret } = await withApp(admin);
    advance(10 * 60_000 + 1_000);
    const refused = await api.post(`/api/players/${player.user.id}/ban`, { reason: 'Cheating' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await api.get(`/api/players/${player.user.id}`)).body.player.banned).toBe(false);

    const code = codeNow(secret);
    expect((await api.post('/api/security/check/code', { code })).status).toBe(200);
    // the same code a second time is refused
    const replayed = await api.post('/api/security/check/code', { code });
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('SECOND_FACTOR_INVALID');
    const banned = await api.post(`/api/players/${player.user.id}/ban`, { reason: 'Cheating' });
    expect(banned.status, JSON.stringify(banned.body)).toBe(200);
    expect(banned.body.player.banned).toBe(true);
  });

  it('takes each recovery code once, and a new sign-in starts with no check', async () => {
    const admin = await signIn(server, { role: 'admin' });
    const player = await signIn(server);
    const { recoveryCodes } = await withApp(admin);
    const again = await signIn(server, { discordId: admin.user.discordId });
    const api = client(server.url, again.cookie);
    const tokens = { direction: 'credit', amount: 5, reason: 'Event prize' };
    expect((await api.post(`/api/players/${player.user.id}/tokens`, tokens)).body.code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await api.post('/api/security/check/code', { code: recoveryCodes[0] })).status).toBe(200);
    const used = await api.post('/api/security/check/code', { code: recoveryCodes[0] });
    expect(used.status).toBe(400);
    expect(used.body.message).toMatch(/used already/);
    expect((await api.post(`/api/players/${player.user.id}/tokens`, tokens)).status).toBe(200);
    expect((await api.get('/api/security/second-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('slows down guessing: a sixth code within a minute is refused with 429', async () => {
    const admin = await signIn(server, { role: 'admin' });
    await withApp(admin);
    const api = client(server.url, admin.cookie);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await api.post('/api/security/check/code', { code: '000000' })).status);
    expect(answers.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(answers[5]).toBe(429);
  });

  it('asks nothing of staff without those permissions, and STAFF_2FA is checked at start', async () => {
    const staff = await signIn(server, { role: 'staff' });
    const status = await client(server.url, staff.cookie).get('/api/security/second-factor');
    expect(status.body).toMatchObject({ required: false, enrolled: false });
    expect(loadConfig({ STAFF_2FA: 'none' }).staffSecondFactor).toEqual([]);
    expect(loadConfig({ STAFF_2FA: 'refund, ban' }).staffSecondFactor).toEqual(['refund', 'ban']);
    expect(loadConfig({}).staffSecondFactor).toEqual(['refund', 'ban', 'manage-roles', 'adjust-tokens']);
    expect(() => loadConfig({ STAFF_2FA: 'refund,refunds' })).toThrow(/STAFF_2FA: unknown permission refunds/);
  });
});

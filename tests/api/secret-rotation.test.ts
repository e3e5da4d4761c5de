import { Secret, TOTP } from 'otpauth';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import { ConfigError } from '../../adapters/config-error.ts';
import { startServer } from '../../adapters/http/server.ts';
import { AesGcmSecretBox } from '../../adapters/security/aes-gcm-secret-box.ts';
import { capturedLogger } from '../support/captured-log.ts';
import { eventually } from '../support/eventually.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn } from '../support/session.ts';
import { composeTestSystem, startTestServer, type TestServer } from '../support/test-system.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const OLD = 'the-session-secret-before-the-rotation-0123456789';
const NEW = 'the-session-secret-after-the-rotation-9876543210';

// the real time: a receiver checks a webhook's timestamp against its own clock
let now = new Date();
const clock = { now: () => new Date(now) };
let first: TestServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  first = await startTestServer({ env: { SESSION_SECRET: OLD }, clock });
});
afterAll(async () => {
  await first?.stop();
  await receiver?.close();
});

const codeAt = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: now.getTime() });

/** a server on the first one's database with other secrets: what a restart with a changed environment starts */
async function restartedWith(env: Record<string, string>, log = capturedLogger()) {
  const system = await composeTestSystem({ env, clock, logger: log.logger }, first.system.database.url);
  const running = await startServer(system, { port: 0, host: '127.0.0.1' });
  return { url: running.url, system, stop: () => running.stop(), log };
}

/** the sealed authenticator-app and webhook secrets as the database holds them */
async function sealedRows(userId: string, endpointId: string) {
  const { database } = first.system;
  const [app] = await database.query<{ sealed: string }>(
    `select "sealed_secret" as "sealed" from "second_factor_apps" where "user_id" = ?`,
    [userId],
  );
  const [endpoint] = await database.query<{ sealed: string }>(
    `select "secret_sealed" as "sealed" from "webhook_endpoints" where "id" = ?`,
    [endpointId],
  );
  return { app: app!.sealed, endpoint: endpoint!.sealed };
}

describe('changing SESSION_SECRET with SESSION_SECRET_PREVIOUS', () => {
  it('refuses a previous secret equal to the current one, saying why', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: OLD, SESSION_SECRET_PREVIOUS: OLD })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: OLD, SESSION_SECRET_PREVIOUS: OLD })).toThrow(
      /SESSION_SECRET_PREVIOUS: must differ from SESSION_SECRET/,
    );
  });

  it("keeps an admin's authenticator app and a webhook endpoint's secret through the change, and signs everyone out", async () => {
    const discordId = randomDiscordId();
    const before = await signIn(first, { discordId, role: 'admin' });
    const api = client(first.url, before.cookie);
    const setup = await api.post('/api/security/authenticator-app', {});
    expect(setup.status).toBe(200);
    const appSecret = setup.body.secret as string;
    expect((await api.post('/api/security/authenticator-app/confirm', { code: codeAt(appSecret) })).status).toBe(200);
    const created = await api.post('/api/webhooks', {
      url: receiver.url('/rotated'),
      description: 'rotation',
      events: ['player.banned'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const endpointId = created.body.endpoint.id as string;
    const hookSecret = created.body.secret as string;
    const sealedBefore = await sealedRows(before.user.id, endpointId);

    // the restart with the new secret and the old one beside it seals both again with the new one
    const rotating = await restartedWith({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
    const sealedAfter = await sealedRows(before.user.id, endpointId);
    // the previous secret opens sealed secrets only: a cookie it signed is refused from the change on
    const oldCookie = await fetch(`${rotating.url}/api/auth/user`, { headers: { Cookie: before.cookie } });
    await rotating.stop();
    expect(oldCookie.status).toBe(401);
    expect(sealedAfter.app).not.toBe(sealedBefore.app);
    expect(sealedAfter.endpoint).not.toBe(sealedBefore.endpoint);
    const newOnly = new AesGcmSecretBox(NEW);
    expect(newOnly.open(sealedAfter.app)).toBe(appSecret);
    expect(newOnly.open(sealedAfter.endpoint)).toBe(hookSecret);
    expect(() => newOnly.open(sealedBefore.app)).toThrow();
    const report = rotating.log.lines.find((line) => String(line.msg).startsWith('sealed secrets')) as
      | { resealed: Record<string, number>; unreadable: Record<string, number>; level: number }
      | undefined;
    expect(report).toMatchObject({
      resealed: { 'authenticator apps': expect.any(Number), 'webhook endpoints': expect.any(Number) },
      unreadable: { 'authenticator apps': 0, 'webhook endpoints': 0 },
    });
    expect(report!.resealed['authenticator apps']).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(rotating.log.lines)).not.toContain(hookSecret.slice(6));
    expect(JSON.stringify(rotating.log.lines)).not.toContain(appSecret);

    // once the previous secret is gone: the old cookie is refused, the app's codes and the endpoint's secret still work
    const after = await restartedWith({ SESSION_SECRET: NEW });
    try {
      expect((await fetch(`${after.url}/api/auth/user`, { headers: { Cookie: before.cookie } })).status).toBe(401);
      const again = await signIn(after, { discordId });
      const adminAfter = client(after.url, again.cookie);
      now = new Date(now.getTime() + 60_000);
      const checked = await adminAfter.post('/api/security/check/code', { code: codeAt(appSecret) });
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      expect((await adminAfter.post(`/api/webhooks/${endpointId}/test`, {})).status).toBeLessThan(300);
      await eventually(() => expect(receiver.to('/rotated')).toHaveLength(1));
      const [delivery] = receiver.to('/rotated');
      expect(new Webhook(hookSecret).verify(delivery!.body, delivery!.headers)).toMatchObject({ type: 'webhook.test' });
    } finally {
      await after.stop();
    }
  }, 60_000);

  it('leaves a secret no key opens as it is, and says how many', async () => {
    const member = await signIn(first);
    expect((await client(first.url, member.cookie).post('/api/security/authenticator-app', {})).status).toBe(200);
    const rotating = await restartedWith({
      SESSION_SECRET: 'a-third-secret-that-sealed-nothing-here-000000',
      SESSION_SECRET_PREVIOUS: 'a-fourth-secret-that-sealed-nothing-either-00',
    });
    await rotating.stop();
    const report = rotating.log.lines.find((line) => String(line.msg).startsWith('sealed secrets')) as
      | { resealed: Record<string, number>; unreadable: Record<string, number>; level: number }
      | undefined;
    expect(report?.level).toBe(40);
    expect(report!.unreadable['authenticator apps']).toBeGreaterThanOrEqual(1);
    expect(report!.resealed).toEqual({ 'authenticator apps': 0, 'webhook endpoints': 0 });
  });

  it('opens a secret sealed with the previous key without sealing it again, and refuses a shortened tag', () => {
    const sealedBefore = new AesGcmSecretBox(OLD).seal('JBSWY3DPEHPK3PXP');
    const rotating = new AesGcmSecretBox(NEW, [OLD]);
    // what the CLI does during a change: it reads, it does not write
    expect(rotating.open(sealedBefore)).toBe('JBSWY3DPEHPK3PXP');
    const fresh = rotating.resealed(sealedBefore)!;
    expect(new AesGcmSecretBox(NEW).open(fresh)).toBe('JBSWY3DPEHPK3PXP');
    expect(rotating.resealed(fresh)).toBeNull();
    expect(() => new AesGcmSecretBox(NEW).open(sealedBefore)).toThrow(/no key/);
    const [version, iv, tag, body] = fresh.split('.');
    const shortened = [version, iv, Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url'), body].join(
      '.',
    );
    expect(() => new AesGcmSecretBox(NEW).open(shortened)).toThrow();
  });
});

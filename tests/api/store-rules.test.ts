import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../adapters/config-error.ts';
import { loadConfig } from '../../adapters/config.ts';
import { WITHDRAWAL_CONSENT } from '../../core/purchases/model/withdrawal-consent.ts';
import { runCliInProcess as runCli } from '../support/cli.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { PRODUCTION_ENV, startTestServer, type TestServer } from '../support/test-system.ts';

const GAME_API_KEY = 'a-game-server-key-of-enough-length';
const TEBEX_ENV = {
  PAYMENT_GATEWAY: 'tebex',
  TEBEX_PUBLIC_TOKEN: 'public',
  TEBEX_PRIVATE_KEY: 'private',
  TEBEX_WEBHOOK_SECRET: 'secret',
};

describe('the FiveM platform licence at start', () => {
  it('refuses a production start of a server listed on FiveM with another gateway than Tebex, naming the rule and the setting', () => {
    // listed by default once the game bridge is configured
    const refused = () => loadConfig({ ...PRODUCTION_ENV, GAME_API_KEY });
    expect(refused).toThrow(ConfigError);
    expect(refused).toThrow(/FIVEM_LISTED is true \(the default while GAME_API_KEY is set\)/);
    expect(refused).toThrow(/the FiveM platform licence allows taking money for in-game benefits only through Tebex/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, FIVEM_LISTED: 'true' })).toThrow(/^FIVEM_LISTED is true: the FiveM/);
    // the ways out: Tebex, or a server that is not listed
    expect(loadConfig({ ...PRODUCTION_ENV, GAME_API_KEY, ...TEBEX_ENV }).store.fivemListed).toBe(true);
    expect(loadConfig({ ...PRODUCTION_ENV, GAME_API_KEY, FIVEM_LISTED: 'false' }).store.fivemListed).toBe(false);
    // without the game bridge nothing says the server is listed; outside production nothing is refused
    expect(loadConfig(PRODUCTION_ENV).store.fivemListed).toBe(false);
    expect(loadConfig({ GAME_API_KEY }).store).toEqual({
      fivemListed: true,
      fivemListedSet: false,
      purchaseTokens: true,
    });
    expect(() => loadConfig({ FIVEM_LISTED: 'yes' })).toThrow(/FIVEM_LISTED: must be true or false/);
    expect(() => loadConfig({ PURCHASE_TOKENS: 'no' })).toThrow(/PURCHASE_TOKENS: must be on or off/);
  });
});

describe('catalogue check', () => {
  it("lists every item that risks the platform's rules and why, and exits 1", async () => {
    const checked = await runCli(['catalogue', 'check']);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(
      'whitelist bayou-basic            queue priority  RISK access: sells access to the server itself ("Whitelist server access")',
    );
    expect(checked.stdout).toContain(
      'whitelist bayou-basic            queue priority  RISK currency: credits 25 tokens for money, a currency the game spends',
    );
    expect(checked.stdout).toContain(
      'addon     custom-tattoos         cosmetic        RISK currency: credits tokens for money (1 a dollar), a currency the game spends',
    );
    expect(checked.stderr).toContain("18 of 18 items risk the platform's rules");
  });

  it('with PURCHASE_TOKENS=off only the passes risk them, for the access they sell', async () => {
    const checked = await runCli(['catalogue', 'check', '--json'], { PURCHASE_TOKENS: 'off', FIVEM_LISTED: 'true' });
    expect(checked.code).toBe(1);
    const report = JSON.parse(checked.stdout) as {
      fivemListed: boolean;
      purchaseTokens: boolean;
      items: { id: string; sells: string; risks: { rule: string }[] }[];
    };
    expect(report).toMatchObject({ fivemListed: true, purchaseTokens: false });
    const risky = report.items.filter((item) => item.risks.length > 0);
    expect(risky.map((item) => item.id)).toEqual([
      'bayou-basic',
      'parish-life',
      'swamp-blood',
      'gator-crown',
      'voodoo-experience',
    ]);
    expect(risky.every((item) => item.risks.every((risk) => risk.rule === 'access'))).toBe(true);
    expect(report.items.find((item) => item.id === 'custom-tattoos')).toMatchObject({ sells: 'cosmetic', risks: [] });
    expect(report.items.find((item) => item.id === 'city-unban')).toMatchObject({ sells: 'service', risks: [] });
  });
});

describe('a store whose purchases credit no tokens (PURCHASE_TOKENS=off)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PURCHASE_TOKENS: 'off', GAME_API_KEY } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sells without tokens: the catalogue promises none and a purchase credits none', async () => {
    const catalogue = await client(server.url).get('/api/catalogue');
    const tiers = catalogue.body.products as { id: string; tokens: number; features: string[] }[];
    expect(tiers.find((tier) => tier.id === 'swamp-blood')).toMatchObject({
      tokens: 0,
      features: ['Whitelist server access', 'High queue priority', 'Discord supporter role'],
    });
    const buyer = await signIn(server);
    const bought = await buyWithDemoCard(server.url, buyer, { productType: 'gang', productId: 'starter-gang' });
    expect(bought.completed.tokensAwarded).toBe(0);
    expect((await bought.http.get('/api/user/tokens')).body.tokens).toBe(0);
  });

  it('shows staff the rules it sells under and the items that risk them', async () => {
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const rules = await admin.get('/api/dashboard/rules');
    expect(rules.status).toBe(200);
    expect(rules.body).toMatchObject({
      fivemListed: true,
      fivemListedSet: false,
      gateway: 'demo',
      purchaseTokens: false,
      withdrawalConsentVersion: WITHDRAWAL_CONSENT.version,
      mailHost: null,
      items: 18,
    });
    expect(rules.body.risks).toHaveLength(5);
    expect(rules.body.risks[0]).toEqual({
      id: 'bayou-basic',
      name: 'Bayou Basic',
      rule: 'access',
      why: 'sells access to the server itself ("Whitelist server access")',
    });
    const player = client(server.url, (await signIn(server)).cookie);
    expect((await player.get('/api/dashboard/rules')).status).toBe(403);
  });
});

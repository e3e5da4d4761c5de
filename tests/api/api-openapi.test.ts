import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../adapters/http/openapi.ts';
import { API_V1_OPERATIONS } from '../../adapters/http/routes/api-v1.ts';
import { madeToken, withToken } from '../support/api-tokens.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { AGREED } from '../support/checkout-terms.ts';
import { client } from '../support/http.ts';
import { allRoutes } from '../support/routes.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

interface Operation {
  parameters: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  security: unknown;
  description: string;
  'x-scope': string;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

describe('the OpenAPI document of /api/v1', () => {
  let server: TestServer;
  let admin: SignedIn;
  let buyer: SignedIn;
  let document: Document;

  beforeAll(async () => {
    server = await sharedTestServer();
    admin = await signIn(server, { role: 'admin' });
    buyer = await signIn(server);
    const response = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    document = await response.json();
  });

  it('is a valid OpenAPI 3.1 document with a bearer scheme, read without a token', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes every /api/v1 route the router serves, each naming its scope, and nothing else', () => {
    const served = allRoutes(server)
      .filter((route) => route.path.startsWith('/api/v1/') && route.path !== '/api/v1/openapi.json')
      .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`)
      .sort();
    const described = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`))
      .sort();
    expect(described).toEqual(served);
    expect(served).toContain('get /api/v1/players/{discordId}');
    for (const [path, methods] of Object.entries(document.paths)) {
      const op = methods.get!;
      expect(op.security, path).toEqual([{ apiToken: [op['x-scope']] }]);
      expect(op.description, path).toContain(`\`${op['x-scope']}\` scope`);
    }
  });

  it("lists each query filter the routes check, from the routes' own schemas", () => {
    const purchases = document.paths['/api/v1/purchases']!.get!;
    expect(purchases.parameters.map((p) => p.name)).toEqual(['status', 'since', 'limit', 'before']);
    expect(purchases.parameters.find((p) => p.name === 'limit')?.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    const player = document.paths['/api/v1/players/{discordId}']!.get!;
    expect(player.parameters).toEqual([expect.objectContaining({ name: 'discordId', in: 'path', required: true })]);
  });

  it('answers what its response schemas say, field for field', async () => {
    const as = client(server.url, buyer.cookie);
    const started = (
      await as.post('/api/create-payment-intent', { ...AGREED, productType: 'whitelist', productId: 'bayou-basic' })
    ).body;
    await as.post('/api/payments/demo/confirm', { clientSecret: started.clientSecret, cardNumber: '4242424242424242' });
    await as.post('/api/complete-purchase', { paymentIntentId: started.paymentIntentId });
    await client(server.url, (await signIn(server)).cookie).post('/api/applications', whitelistAnswers());
    const { secret } = await madeToken(server, admin, [
      'purchases:read',
      'players:read',
      'applications:read',
      'memberships:read',
    ]);
    const paths: Record<string, string> = {
      '/api/v1/purchases': '/api/v1/purchases?limit=5',
      '/api/v1/purchases/:id': `/api/v1/purchases/${started.purchaseId}`,
      '/api/v1/players/:discordId': `/api/v1/players/${buyer.user.discordId}`,
      '/api/v1/applications': '/api/v1/applications?kind=whitelist',
      '/api/v1/memberships': '/api/v1/memberships',
    };
    expect(Object.keys(paths).sort()).toEqual(API_V1_OPERATIONS.map((op) => op.path).sort());
    for (const op of API_V1_OPERATIONS) {
      const answer = await withToken(server, paths[op.path]!, secret);
      expect(answer.status, op.path).toBe(200);
      // strict objects: a field the schema does not name fails here
      const checked = op.response.safeParse(answer.body);
      expect(checked.error?.issues ?? [], op.path).toEqual([]);
    }
    const purchases = await withToken(server, paths['/api/v1/purchases']!, secret);
    expect(purchases.body.items.length).toBeGreaterThan(0);
  });
});

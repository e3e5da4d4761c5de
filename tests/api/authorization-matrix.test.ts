import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MikroOrmDeliveryOutbox } from '../../adapters/persistence/mikro-orm-delivery-outbox.ts';
import { createHttpApp } from '../../adapters/http/app.ts';
import type { RoleGuard } from '../../adapters/http/middleware/auth.ts';
import { staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

interface GuardedRoute {
  method: string;
  path: string;
  role: 'staff' | 'admin';
}

interface Request {
  path: string;
  body?: unknown;
}

/** Every route behind requireRole(), read from the router itself, so a new staff or admin route cannot be missed. */
function guardedRoutes(server: TestServer): GuardedRoute[] {
  const { core, config, logger, database } = server.system;
  const app = createHttpApp({ core, config, logger, database });
  // every router the app mounts (public routes answer before the session is read)
  const dispatchers = app.middleware.filter((middleware) => 'router' in middleware) as unknown as Array<{ router: { stack: Array<{ path: string; methods: string[]; stack: unknown[] }> } }>;
  return dispatchers.flatMap((dispatch) => dispatch.router.stack).flatMap((layer) => {
    const guard = layer.stack.find((fn): fn is RoleGuard => typeof fn === 'function' && 'requiredRole' in fn);
    if (!guard) return [];
    return layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: layer.path, role: guard.requiredRole }));
  });
}

describe('authorization matrix: every staff and admin route', () => {
  let server: TestServer;
  let routes: GuardedRoute[];
  const as: Partial<Record<'player' | 'staff' | 'admin', SignedIn>> = {};

  const send = async (method: string, request: Request, who?: SignedIn) => {
    const response = await fetch(`${server.url}${request.path}`, {
      method,
      headers: { ...(who ? { Cookie: who.cookie } : {}), ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    return { status: response.status, body: await response.text() };
  };

  const created = async (path: string, body: unknown, idField = 'id'): Promise<string> => {
    const applicant = await signIn(server);
    const response = await send('POST', { path, body }, applicant);
    expect(response.status, `${path}: ${response.body}`).toBeLessThan(300);
    return JSON.parse(response.body)[idField] as string;
  };

  /** a staff-channel notice that gave up, straight into the outbox (this server has no Discord to fail against) */
  const failedDelivery = async (): Promise<string> => {
    const id = randomUUID();
    const now = new Date();
    const { database } = server.system;
    await database.withContext(() =>
      new MikroOrmDeliveryOutbox(database).add([
        { id, kind: 'notify_staff', status: 'failed', userId: null, discordId: null, roleId: null, content: 'New purchase', purchaseId: null, applicationId: null,
          dedupeKey: `test:${id}`, attempts: 8, nextAttemptAt: now, lastError: 'Try 8: Discord answered 500.', createdAt: now, updatedAt: now, deliveredAt: null },
      ]),
    );
    return id;
  };

  /** A request the right role must be able to make; each call makes fresh data so a decision can be taken again. */
  const requests: Record<string, () => Promise<Request>> = {
    'GET /api/applications': async () => ({ path: '/api/applications' }),
    'GET /api/applications/:id': async () => ({ path: `/api/applications/${await created('/api/applications', whitelistAnswers())}` }),
    'PATCH /api/applications/:id/review': async () => ({
      path: `/api/applications/${await created('/api/applications', whitelistAnswers())}/review`,
      body: { status: 'approved', reviewNotes: 'Strong backstory, welcome aboard.' },
    }),
    'PATCH /api/applications/:id': async () => ({ path: `/api/applications/${await created('/api/applications', whitelistAnswers())}`, body: { status: 'denied' } }),
    'GET /api/staff-applications': async () => ({ path: '/api/staff-applications' }),
    'GET /api/staff-applications/:id': async () => ({ path: `/api/staff-applications/${await created('/api/staff-applications', staffAnswers())}` }),
    'PATCH /api/staff-applications/:id': async () => ({
      path: `/api/staff-applications/${await created('/api/staff-applications', staffAnswers())}`,
      body: { status: 'under_review', reviewNotes: 'Interview scheduled.' },
    }),
    'GET /api/purchases': async () => ({ path: '/api/purchases' }),
    'GET /api/deliveries': async () => ({ path: '/api/deliveries?status=failed' }),
    'POST /api/deliveries/:id/retry': async () => ({ path: `/api/deliveries/${await failedDelivery()}/retry`, body: {} }),
    'GET /api/purchases/:id': async () => ({
      path: `/api/purchases/${await created('/api/create-payment-intent', { productType: 'whitelist', productId: 'bayou-basic' }, 'purchaseId')}`,
    }),
  };

  beforeAll(async () => {
    server = await startTestServer();
    routes = guardedRoutes(server);
    for (const role of ['player', 'staff', 'admin'] as const) as[role] = await signIn(server, { role });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('finds the staff and admin routes, and has a request for each one', () => {
    // the routes this matrix was written against are all still guarded
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(expect.arrayContaining(Object.keys(requests)));
    const missing = routes.map((route) => `${route.method} ${route.path}`).filter((key) => !requests[key] && key.startsWith('GET') && key.includes(':'));
    const missingWrites = routes.map((route) => `${route.method} ${route.path}`).filter((key) => !requests[key] && !key.startsWith('GET'));
    expect([...missing, ...missingWrites], 'add a request for these routes to the matrix').toEqual([]);
  });

  it('answers 401 signed out, 403 to a player (and to staff on admin routes), and 2xx to the right role', async () => {
    const results: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const request = requests[key] ?? (async () => ({ path: route.path }));
      const first = await request();
      const row = [key, route.role];
      row.push(`out:${(await send(route.method, first)).status}`);
      row.push(`player:${(await send(route.method, first, as.player)).status}`);
      if (route.role === 'admin') row.push(`staff:${(await send(route.method, first, as.staff)).status}`);
      // the refused attempts changed nothing: the same request still succeeds for the right role
      const allowed = route.role === 'staff' ? (['staff', 'admin'] as const) : (['admin'] as const);
      for (const [index, role] of allowed.entries()) {
        const response = await send(route.method, index === 0 ? first : await request(), as[role]);
        row.push(`${role}:${response.status >= 200 && response.status < 300 ? '2xx' : `${response.status} ${response.body.slice(0, 120)}`}`);
      }
      results.push(row.join(' '));
    }
    const expected = routes.map((route) => {
      const key = `${route.method} ${route.path}`;
      return route.role === 'staff' ? `${key} staff out:401 player:403 staff:2xx admin:2xx` : `${key} admin out:401 player:403 staff:403 admin:2xx`;
    });
    expect(results).toEqual(expected);
  });
});

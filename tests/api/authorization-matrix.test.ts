import { beforeAll, describe, expect, it } from 'vitest';
import { MikroOrmDeliveryOutbox } from '../../adapters/persistence/mikro-orm-delivery-outbox.ts';
import { appealAnswers, staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { delivery } from '../support/delivery-builders.ts';
import { allRoutes, type Route, routeKey } from '../support/routes.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

type Access = 'public' | 'signed-in' | 'staff' | 'admin';

/**
 * Who may use each API route: a decision written down here, route by route. The test reads every route from the
 * router itself, so a new route fails until it is added with its access, and then is probed as that access says.
 */
const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/catalogue': 'public',
  // the game server's last known status, from memory
  'GET /api/server-status': 'public',
  'GET /api/payments/config': 'public',
  'GET /api/purchases/recent': 'public',
  'GET /api/login': 'public',
  'GET /api/auth/discord': 'public',
  'GET /api/auth/discord/callback': 'public',
  'POST /api/auth/dev-login': 'public',
  'GET /api/auth/logout': 'public',
  'GET /api/auth/setup': 'public',
  'GET /api/auth/session': 'public',
  // signed by the payment provider, not by a session
  'POST /api/stripe/webhook': 'public',
  'POST /api/tebex/webhook': 'public',
  // the way back from Tebex's sign-in: signed out, it sends the buyer to the success page, which asks them to sign in
  'GET /api/tebex/baskets/:ident/continue': 'public',
  'GET /api/auth/user': 'signed-in',
  'GET /api/user/tokens': 'signed-in',
  'GET /api/user/tokens/history': 'signed-in',
  'GET /api/user/purchases': 'signed-in',
  'GET /api/user/access': 'signed-in',
  'GET /api/membership/preview': 'signed-in',
  'GET /api/user/purchases/:reference': 'signed-in',
  'POST /api/create-payment-intent': 'signed-in',
  'POST /api/complete-purchase': 'signed-in',
  'POST /api/payments/demo/confirm': 'signed-in',
  'POST /api/applications': 'signed-in',
  'GET /api/applications/mine': 'signed-in',
  'POST /api/staff-applications': 'signed-in',
  'GET /api/staff-applications/mine': 'signed-in',
  'POST /api/appeals': 'signed-in',
  'GET /api/appeals/mine': 'signed-in',
  // the permission 'review-appeals' (the staff preset holds it)
  'GET /api/appeals': 'staff',
  'GET /api/appeals/:id': 'staff',
  'PATCH /api/appeals/:id': 'staff',
  'GET /api/applications': 'staff',
  'GET /api/applications/:id': 'staff',
  'PATCH /api/applications/:id/review': 'staff',
  'PATCH /api/applications/:id': 'staff',
  'GET /api/staff-applications': 'admin',
  'GET /api/staff-applications/:id': 'admin',
  'PATCH /api/staff-applications/:id': 'admin',
  'GET /api/purchases': 'admin',
  'GET /api/purchases/:id': 'admin',
  'GET /api/purchases/export.csv': 'admin',
  'POST /api/purchases/:id/refund': 'admin',
  'GET /api/deliveries': 'admin',
  'POST /api/deliveries/:id/retry': 'admin',
  'GET /api/players': 'staff',
  'GET /api/players/:id': 'staff',
  'POST /api/players/:id/tokens': 'admin',
  'POST /api/players/:id/ban': 'admin',
  'POST /api/players/:id/unban': 'admin',
  'POST /api/players/:id/role': 'admin',
  'GET /api/membership': 'signed-in',
  'POST /api/membership/cancel': 'signed-in',
  'POST /api/membership/resume': 'signed-in',
  'POST /api/membership/change-tier': 'signed-in',
  'POST /api/membership/pay-renewal': 'signed-in',
  'GET /api/memberships/summary': 'admin',
  // what is on sale now, for the cards
  'GET /api/sales/live': 'public',
  'GET /api/checkout/quote': 'signed-in',
  'GET /api/coupons': 'admin',
  'POST /api/coupons': 'admin',
  'POST /api/coupons/:code/disable': 'admin',
  'GET /api/sales': 'admin',
  'POST /api/sales': 'admin',
  'POST /api/sales/:id/end': 'admin',
  // a buyer checks a creator code as they type it (rate limited); a creator reads their own figures
  'GET /api/creator-codes/:code': 'signed-in',
  'GET /api/user/creator': 'signed-in',
  'GET /api/creators': 'admin',
  'POST /api/creators': 'admin',
  'GET /api/creators/report': 'admin',
  'GET /api/creators/report.csv': 'admin',
  'POST /api/creators/:code/disable': 'admin',
  // guarded by the 'view-purchases' permission, which only the admin preset holds for now
  'GET /api/dashboard/charts': 'admin',
};

interface Request {
  path: string;
  body?: unknown;
}

const keyOf = routeKey;

/** an appeal a player who is not banned on the site may make: a game-server ban, with its reference */
const inGameAppeal = () => appealAnswers({ ban: 'in-game', banReference: 'BAN-2231' });

let codes = 0;
/** a coupon code not used before in this run */
const newCode = () => `MATRIX${Date.now() % 100_000}X${++codes}`;
const saleTerms = () => ({
  name: 'Matrix sale',
  percentOff: 10,
  startsAt: new Date(Date.now() + 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
});

describe('authorization matrix: every API route, read from the router', () => {
  let server: TestServer;
  let everyRoute: Route[];
  let routes: Array<Route & { role: 'staff' | 'admin' }>;
  const as: Partial<Record<'player' | 'staff' | 'admin', SignedIn>> = {};

  const send = async (method: string, request: Request, who?: SignedIn) => {
    const response = await fetch(`${server.url}${request.path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(who ? { Cookie: who.cookie } : {}),
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
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

  /** a purchase paid with the demo gateway's good card: refundable */
  const paidPurchase = async (): Promise<string> => {
    const buyer = await signIn(server);
    const started = JSON.parse(
      (
        await send(
          'POST',
          { path: '/api/create-payment-intent', body: { productType: 'whitelist', productId: 'bayou-basic' } },
          buyer,
        )
      ).body,
    );
    await send(
      'POST',
      {
        path: '/api/payments/demo/confirm',
        body: { clientSecret: started.clientSecret, cardNumber: '4242424242424242' },
      },
      buyer,
    );
    const completed = await send(
      'POST',
      { path: '/api/complete-purchase', body: { paymentIntentId: started.paymentIntentId } },
      buyer,
    );
    expect(completed.status, completed.body).toBe(200);
    return started.purchaseId as string;
  };

  /** a staff-channel notice that gave up, straight into the outbox (this server has no Discord to fail against) */
  const failedDelivery = async (): Promise<string> => {
    const failed = delivery({ status: 'failed', attempts: 8, lastError: 'Try 8: Discord answered 500.' });
    const { database } = server.system;
    await database.withContext(() => new MikroOrmDeliveryOutbox(database).add([failed]));
    return failed.id;
  };

  /** a creator of a new player's, with a code of its own */
  const newCreator = async (): Promise<{ discordId: string; code: string; sharePercent: number }> => {
    const { user } = await signIn(server);
    return { discordId: user.discordId, code: `MATRIX${Math.floor(Math.random() * 1e9)}`, sharePercent: 10 };
  };

  /** A request the right role must be able to make; each call makes fresh data so a decision can be taken again. */
  const requests: Record<string, () => Promise<Request>> = {
    'GET /api/applications': async () => ({ path: '/api/applications' }),
    'GET /api/applications/:id': async () => ({
      path: `/api/applications/${await created('/api/applications', whitelistAnswers())}`,
    }),
    'PATCH /api/applications/:id/review': async () => ({
      path: `/api/applications/${await created('/api/applications', whitelistAnswers())}/review`,
      body: { status: 'approved', reviewNotes: 'Strong backstory, welcome aboard.' },
    }),
    'PATCH /api/applications/:id': async () => ({
      path: `/api/applications/${await created('/api/applications', whitelistAnswers())}`,
      body: { status: 'denied' },
    }),
    'GET /api/staff-applications': async () => ({ path: '/api/staff-applications' }),
    'GET /api/staff-applications/:id': async () => ({
      path: `/api/staff-applications/${await created('/api/staff-applications', staffAnswers())}`,
    }),
    'PATCH /api/staff-applications/:id': async () => ({
      path: `/api/staff-applications/${await created('/api/staff-applications', staffAnswers())}`,
      body: { status: 'under_review', reviewNotes: 'Interview scheduled.' },
    }),
    'GET /api/appeals': async () => ({ path: '/api/appeals' }),
    'GET /api/appeals/:id': async () => ({
      path: `/api/appeals/${await created('/api/appeals', inGameAppeal())}`,
    }),
    'PATCH /api/appeals/:id': async () => ({
      path: `/api/appeals/${await created('/api/appeals', inGameAppeal())}`,
      body: { status: 'denied', applicantMessage: 'The clip shows the shot fired before any roleplay.' },
    }),
    'GET /api/purchases': async () => ({ path: '/api/purchases' }),
    'GET /api/deliveries': async () => ({ path: '/api/deliveries?status=failed' }),
    'POST /api/deliveries/:id/retry': async () => ({
      path: `/api/deliveries/${await failedDelivery()}/retry`,
      body: {},
    }),
    'GET /api/players': async () => ({ path: '/api/players?q=player' }),
    'GET /api/players/:id': async () => ({ path: `/api/players/${(await signIn(server)).user.id}` }),
    'POST /api/players/:id/tokens': async () => ({
      path: `/api/players/${(await signIn(server)).user.id}/tokens`,
      body: { direction: 'credit', amount: 5, reason: 'Event prize' },
    }),
    'POST /api/players/:id/ban': async () => ({
      path: `/api/players/${(await signIn(server)).user.id}/ban`,
      body: { reason: 'Cheating' },
    }),
    'POST /api/players/:id/unban': async () => {
      const { user } = await signIn(server);
      const { database, core } = server.system;
      await database.withContext(() => core.users.ban.execute({ userId: user.id, reason: 'Cheating' }));
      return { path: `/api/players/${user.id}/unban`, body: { reason: 'Appeal accepted' } };
    },
    'POST /api/players/:id/role': async () => ({
      path: `/api/players/${(await signIn(server)).user.id}/role`,
      body: { role: 'staff' },
    }),
    'GET /api/purchases/:id': async () => ({
      path: `/api/purchases/${await created('/api/create-payment-intent', { productType: 'whitelist', productId: 'bayou-basic' }, 'purchaseId')}`,
    }),
    'GET /api/purchases/export.csv': async () => ({ path: '/api/purchases/export.csv?status=completed' }),
    'GET /api/memberships/summary': async () => ({ path: '/api/memberships/summary' }),
    'GET /api/dashboard/charts': async () => ({ path: '/api/dashboard/charts?days=90' }),
    'GET /api/creators': async () => ({ path: '/api/creators' }),
    'POST /api/creators': async () => ({ path: '/api/creators', body: await newCreator() }),
    'GET /api/creators/report': async () => ({ path: '/api/creators/report?month=2026-11' }),
    'GET /api/creators/report.csv': async () => ({ path: '/api/creators/report.csv?month=2026-11' }),
    'POST /api/creators/:code/disable': async () => {
      const creator = await newCreator();
      const { database, core } = server.system;
      await database.withContext(() => core.creators.register.execute(creator));
      return { path: `/api/creators/${creator.code}/disable`, body: {} };
    },
    'POST /api/purchases/:id/refund': async () => ({
      path: `/api/purchases/${await paidPurchase()}/refund`,
      body: { reason: 'Bought the wrong tier.' },
    }),
    'GET /api/coupons': async () => ({ path: '/api/coupons' }),
    'POST /api/coupons': async () => ({ path: '/api/coupons', body: { code: newCode(), percentOff: 10 } }),
    'POST /api/coupons/:code/disable': async () => {
      const { database, core } = server.system;
      const coupon = await database.withContext(() =>
        core.promotions.createCoupon.execute({ code: newCode(), percentOff: 10, createdBy: null }),
      );
      return { path: `/api/coupons/${coupon.code}/disable`, body: {} };
    },
    'GET /api/sales': async () => ({ path: '/api/sales' }),
    'POST /api/sales': async () => ({ path: '/api/sales', body: saleTerms() }),
    'POST /api/sales/:id/end': async () => {
      const { database, core } = server.system;
      const sale = await database.withContext(() =>
        core.promotions.createSale.execute({ ...saleTerms(), createdBy: null }),
      );
      return { path: `/api/sales/${sale.id}/end`, body: {} };
    },
  };

  beforeAll(async () => {
    server = await sharedTestServer();
    everyRoute = allRoutes(server);
    routes = everyRoute.flatMap((route) => {
      const access = ACCESS[keyOf(route)];
      return access === 'staff' || access === 'admin' ? [{ ...route, role: access }] : [];
    });
    for (const role of ['player', 'staff', 'admin'] as const) as[role] = await signIn(server, { role });
  });

  it('knows the access of every route the router serves, and nothing else', () => {
    const served = everyRoute.map(keyOf).sort();
    expect(
      served.filter((key) => !(key in ACCESS)),
      'decide who may use these routes and add them to ACCESS',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((key) => !served.includes(key)),
      'these routes are gone: remove them from ACCESS',
    ).toEqual([]);
    // every staff and admin route has a request that succeeds for its role
    expect(
      routes.map(keyOf).filter((key) => !requests[key]),
      'add a request for these routes to the matrix',
    ).toEqual([]);
  });

  it("guards each staff and admin route with that role's guard", () => {
    expect(routes.map((route) => `${keyOf(route)} ${route.guardRole ?? 'unguarded'}`)).toEqual(
      routes.map((route) => `${keyOf(route)} ${route.role}`),
    );
  });

  it('answers 401 to a signed-out visitor on every signed-in route, and lets a player through', async () => {
    const results: string[] = [];
    for (const route of everyRoute.filter((candidate) => ACCESS[keyOf(candidate)] === 'signed-in')) {
      const request = { path: route.path, body: route.method === 'GET' ? undefined : {} };
      const out = await send(route.method, request);
      const player = await send(route.method, request, as.player);
      const passed = player.status !== 401 && player.status !== 403 && player.status < 500;
      results.push(
        `${keyOf(route)} out:${out.status} player:${passed ? 'through' : `${player.status} ${player.body.slice(0, 120)}`}`,
      );
    }
    expect(results).toEqual(
      everyRoute
        .filter((route) => ACCESS[keyOf(route)] === 'signed-in')
        .map((route) => `${keyOf(route)} out:401 player:through`),
    );
  });

  it('lets anyone reach the public routes, without a 401, 403 or 5xx', async () => {
    const results: string[] = [];
    for (const route of everyRoute.filter((candidate) => ACCESS[keyOf(candidate)] === 'public')) {
      const response = await send(route.method, { path: route.path, body: route.method === 'GET' ? undefined : {} });
      const reached = response.status !== 401 && response.status !== 403 && response.status < 500;
      results.push(`${keyOf(route)} ${reached ? 'reached' : `${response.status} ${response.body.slice(0, 120)}`}`);
    }
    expect(results).toEqual(
      everyRoute.filter((route) => ACCESS[keyOf(route)] === 'public').map((route) => `${keyOf(route)} reached`),
    );
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
        row.push(
          `${role}:${response.status >= 200 && response.status < 300 ? '2xx' : `${response.status} ${response.body.slice(0, 120)}`}`,
        );
      }
      results.push(row.join(' '));
    }
    const expected = routes.map((route) => {
      const key = `${route.method} ${route.path}`;
      return route.role === 'staff'
        ? `${key} staff out:401 player:403 staff:2xx admin:2xx`
        : `${key} admin out:401 player:403 staff:403 admin:2xx`;
    });
    expect(results).toEqual(expected);
  });
});

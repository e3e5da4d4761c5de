import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { MikroOrmWebhookOutbox } from '../../adapters/persistence/mikro-orm-webhook-outbox.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MikroOrmDeliveryOutbox } from '../../adapters/persistence/mikro-orm-delivery-outbox.ts';
import { appealAnswers, staffAnswers, whitelistAnswers } from '../support/application-builders.ts';
import { delivery } from '../support/delivery-builders.ts';
import { IMPLIED_PERMISSIONS, isPermission, PERMISSIONS, type Permission } from '../../core/users/model/permissions.ts';
import { API_SCOPES, type ApiScope, isApiScope } from '../../core/api-tokens/model/scopes.ts';
import { madeToken } from '../support/api-tokens.ts';
import { allRoutes, type Route, routeKey } from '../support/routes.ts';
import { signIn, type SignedIn } from '../support/session.ts';
import { DEFAULT_SECOND_FACTOR_PERMISSIONS } from '../../core/security/model/second-factor.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { storedGrant } from '../support/grant-builders.ts';
import { MikroOrmMailOutbox } from '../../adapters/persistence/mikro-orm-mail-outbox.ts';
import { storedEmail } from '../support/email-builders.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** a permission for the session routes; an API token's scope for /api/v1, where a token is the only identity */
type Access = 'public' | 'signed-in' | Permission | ApiScope;

const INTERVIEW_PATHS = [
  ['/api/applications', 'review-whitelist', 'whitelist'],
  ['/api/staff-applications', 'review-staff', 'staff'],
  ['/api/appeals', 'review-appeals', 'appeal'],
] as const;
const INTERVIEW_STAFF_ROUTES = [
  'GET {path}/:id/interviews',
  'POST {path}/:id/interviews/slots',
  'POST {path}/:id/interviews/slots/:slotId/withdraw',
  'POST {path}/:id/interviews/:interviewId/reschedule',
  'POST {path}/:id/interviews/:interviewId/cancel',
  'POST {path}/:id/interviews/:interviewId/outcome',
] as const;

/**
 * Who may use each API route: nobody's business (public), any signed-in user, or the holders of one permission; a
 * decision written down here, route by route. The test reads every route from the
 * router itself, so a new route fails until it is added with its access, and then is probed as that access says.
 */
const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/catalogue': 'public',
  // the game server's last known status, from memory
  'GET /api/server-status': 'public',
  // the members counted and the figures the owner set, for the home and landing pages
  'GET /api/server-figures': 'public',
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
  // a player's own data: what they asked, a copy of it, and the deletion of their account (decision 0105)
  'GET /api/user/privacy': 'signed-in',
  'POST /api/user/privacy/export': 'signed-in',
  'POST /api/user/privacy/erase': 'signed-in',
  'POST /api/create-payment-intent': 'signed-in',
  'POST /api/complete-purchase': 'signed-in',
  'POST /api/payments/demo/confirm': 'signed-in',
  'POST /api/applications': 'signed-in',
  'GET /api/applications/mine': 'signed-in',
  'POST /api/staff-applications': 'signed-in',
  'GET /api/staff-applications/mine': 'signed-in',
  'POST /api/appeals': 'signed-in',
  'GET /api/appeals/mine': 'signed-in',
  'GET /api/appeals': 'review-appeals',
  'GET /api/appeals/:id': 'review-appeals',
  'PATCH /api/appeals/:id': 'review-appeals',
  'GET /api/applications': 'review-whitelist',
  'GET /api/applications/:id': 'review-whitelist',
  'PATCH /api/applications/:id/review': 'review-whitelist',
  'PATCH /api/applications/:id': 'review-whitelist',
  'GET /api/staff-applications': 'review-staff',
  'GET /api/staff-applications/:id': 'review-staff',
  'PATCH /api/staff-applications/:id': 'review-staff',
  // a vote is a review: the kind's deciding permission votes, and reads the kind's answer templates (decision 0106)
  'POST /api/applications/:id/votes': 'review-whitelist',
  'GET /api/applications/answer-templates': 'review-whitelist',
  'POST /api/staff-applications/:id/votes': 'review-staff',
  'GET /api/staff-applications/answer-templates': 'review-staff',
  'POST /api/appeals/:id/votes': 'review-appeals',
  'GET /api/appeals/answer-templates': 'review-appeals',
  'GET /api/answer-templates': 'manage-templates',
  'POST /api/answer-templates': 'manage-templates',
  'PATCH /api/answer-templates/:id': 'manage-templates',
  'DELETE /api/answer-templates/:id': 'manage-templates',
  'GET /api/purchases': 'view-purchases',
  'GET /api/purchases/:id': 'view-purchases',
  'GET /api/purchases/export.csv': 'view-purchases',
  'POST /api/purchases/:id/refund': 'refund',
  'GET /api/deliveries': 'view-purchases',
  'POST /api/deliveries/:id/retry': 'refund',
  // the receipts by email: read as the purchases are, retried as a Discord delivery is
  'GET /api/emails': 'view-purchases',
  'POST /api/emails/:id/retry': 'refund',
  // outbound webhooks: where the site's events go, and the secrets that sign them
  'GET /api/webhooks': 'manage-integrations',
  'POST /api/webhooks': 'manage-integrations',
  'DELETE /api/webhooks/:id': 'manage-integrations',
  'POST /api/webhooks/:id/test': 'manage-integrations',
  'GET /api/webhooks/:id/messages': 'manage-integrations',
  'POST /api/webhooks/messages/:id/resend': 'manage-integrations',
  'GET /api/grants': 'view-purchases',
  'GET /api/grants/:id': 'view-purchases',
  'POST /api/grants/:id/resend': 'refund',
  'POST /api/grants/:id/done': 'refund',
  'POST /api/grants/:id/cancel': 'refund',
  'GET /api/players': 'view-players',
  'GET /api/players/:id': 'view-players',
  'POST /api/players/:id/tokens': 'adjust-tokens',
  'POST /api/players/:id/ban': 'ban',
  'POST /api/players/:id/unban': 'ban',
  'POST /api/players/:id/role': 'manage-roles',
  'POST /api/players/:id/permissions': 'manage-roles',
  'GET /api/membership': 'signed-in',
  'POST /api/membership/cancel': 'signed-in',
  'POST /api/membership/resume': 'signed-in',
  'POST /api/membership/change-tier': 'signed-in',
  'POST /api/membership/pay-renewal': 'signed-in',
  'GET /api/memberships/summary': 'view-purchases',
  // what is on sale now, for the cards
  'GET /api/sales/live': 'public',
  'GET /api/checkout/quote': 'signed-in',
  'GET /api/coupons': 'manage-promotions',
  'POST /api/coupons': 'manage-promotions',
  'POST /api/coupons/:code/disable': 'manage-promotions',
  'GET /api/sales': 'manage-promotions',
  'POST /api/sales': 'manage-promotions',
  'POST /api/sales/:id/end': 'manage-promotions',
  // a buyer checks a creator code as they type it (rate limited); a creator reads their own figures
  'GET /api/creator-codes/:code': 'signed-in',
  'GET /api/user/creator': 'signed-in',
  'GET /api/creators': 'manage-promotions',
  'POST /api/creators': 'manage-promotions',
  'GET /api/creators/report': 'manage-promotions',
  'GET /api/creators/report.csv': 'manage-promotions',
  'POST /api/creators/:code/disable': 'manage-promotions',
  'GET /api/dashboard/charts': 'view-purchases',
  'GET /api/dashboard/rules': 'view-purchases',
  'GET /api/dashboard/reviewers': 'view-purchases',
  // the game server's queue: a player's own place; the waiting players per server, moved or removed by staff
  'GET /api/queue/mine': 'signed-in',
  'GET /api/queue': 'manage-queue',
  'POST /api/queue/:server/players/:discordId/front': 'manage-queue',
  'POST /api/queue/:server/players/:discordId/remove': 'manage-queue',
  'GET /api/dashboard/queue-waits': 'view-purchases',
  // a member's own second factor: set up and checked by whoever is signed in
  'GET /api/security/second-factor': 'signed-in',
  'POST /api/security/passkeys/options': 'signed-in',
  'POST /api/security/passkeys': 'signed-in',
  'POST /api/security/authenticator-app': 'signed-in',
  'POST /api/security/authenticator-app/confirm': 'signed-in',
  'POST /api/security/check/options': 'signed-in',
  'POST /api/security/check/passkey': 'signed-in',
  'POST /api/security/check/code': 'signed-in',
  // interviews (decision 0107): staff act below each kind's review path under its permission (the core checks it
  // again); the applicant on their own, anyone else's being not found
  ...interviewStaffAccess(),
  'GET /api/interviews/mine': 'signed-in',
  'POST /api/interviews/slots/:id/book': 'signed-in',
  'POST /api/interviews/:id/reschedule': 'signed-in',
  'POST /api/interviews/:id/cancel': 'signed-in',
  'GET /api/interviews/:id/calendar.ics': 'signed-in',
  // API tokens: made, listed and revoked by those who manage integrations (decision 0109)
  'GET /api/api-tokens': 'manage-integrations',
  'POST /api/api-tokens': 'manage-integrations',
  'POST /api/api-tokens/:id/revoke': 'manage-integrations',
  // the read API: an API token holding the scope, never a session; its description is public
  'GET /api/v1/openapi.json': 'public',
  'GET /api/v1/purchases': 'purchases:read',
  'GET /api/v1/purchases/:id': 'purchases:read',
  'GET /api/v1/players/:discordId': 'players:read',
  'GET /api/v1/applications': 'applications:read',
  'GET /api/v1/memberships': 'memberships:read',
};

/** Each kind's review path, its permission, and the routes of its interviews below it. */
function interviewStaffAccess(): Record<string, Access> {
  const access: Record<string, Access> = {};
  for (const [path, permission] of INTERVIEW_PATHS)
    for (const route of INTERVIEW_STAFF_ROUTES) access[route.replace('{path}', path)] = permission;
  return access;
}

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
  let routes: Array<Route & { permission: Permission }>;
  const as: { player?: SignedIn } = {};

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
          {
            path: '/api/create-payment-intent',
            body: { ...AGREED, productType: 'whitelist', productId: 'bayou-basic' },
          },
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

  /** a receipt the mail server refused, straight into the outbox */
  const failedEmail = async (): Promise<string> => {
    const failed = storedEmail({ status: 'failed', attempts: 8, lastError: 'Try 8: 550 mailbox unavailable' });
    const { database } = server.system;
    await database.withContext(() => new MikroOrmMailOutbox(database).add([failed]));
    return failed.id;
  };

  /** an endpoint registered through the core (this server takes any address: it is not in production) */
  const storedEndpoint = async (): Promise<string> => {
    const { database, core } = server.system;
    const added = await database.withContext(() =>
      core.webhooks.add.execute({
        endpoint: { url: 'http://127.0.0.1:9/matrix', events: ['purchase.completed'] },
        by: 'Matrix',
      }),
    );
    return added.endpoint.id;
  };

  /** a message that gave up, straight into the outbox */
  const failedWebhookMessage = async (): Promise<string> => {
    const { database } = server.system;
    const endpointId = await storedEndpoint();
    const id = randomUUID();
    const at = new Date();
    await database.withContext(() =>
      new MikroOrmWebhookOutbox(database).add([
        {
          id,
          endpointId,
          type: 'webhook.test',
          body: '{"type":"webhook.test","timestamp":"2026-12-01T00:00:00.000Z","data":{}}',
          status: 'failed',
          dedupeKey: `matrix:${id}`,
          resendOf: null,
          attempts: 8,
          nextAttemptAt: at,
          lastError: 'Try 8: the endpoint answered 500',
          createdAt: at,
          updatedAt: at,
          deliveredAt: null,
        },
      ]),
    );
    return id;
  };

  /** a creator of a new player's, with a code of its own */
  const newCreator = async (): Promise<{ discordId: string; code: string; sharePercent: number }> => {
    const { user } = await signIn(server);
    return { discordId: user.discordId, code: `MATRIX${Math.floor(Math.random() * 1e9)}`, sharePercent: 10 };
  };

  let templates = 0;
  let maker: Promise<SignedIn> | undefined;
  /** the admin who makes the matrix's API tokens */
  const tokenMaker = () => {
    maker ??= signIn(server, { role: 'admin' });
    return maker;
  };
  /** an answer template under a name not used before in this run */
  const newTemplate = () => ({
    kind: 'whitelist' as const,
    decision: 'deny' as const,
    name: `Matrix template ${++templates}`,
    body: 'Sorry {player}, try again from {reapplyDate}.',
  });
  /** a template stored through the core, by an admin */
  const storedTemplate = async (): Promise<string> => {
    const { database, core } = server.system;
    const admin = await signIn(server, { role: 'admin' });
    const actor = await database.withContext(() => core.users.findByDiscordId.execute(admin.user.discordId));
    const saved = await database.withContext(() =>
      core.answerTemplates.save.execute({ template: newTemplate(), actor }),
    );
    return saved.id;
  };

  /** A request the right role must be able to make; each call makes fresh data so a decision can be taken again. */
  let queues = 0;
  /** a player waiting alone in a game server's fresh queue report: `<server>/players/<discordId>` */
  const waitingPlayer = async (): Promise<string> => {
    const { user } = await signIn(server);
    const name = `matrix-${++queues}`;
    await server.system.database.withContext(() =>
      server.system.core.queue.receiveReport.execute({
        server: name,
        slots: 1,
        online: 1,
        waiting: [
          { discordId: user.discordId, name: 'Waiting', priority: 0, tier: null, since: new Date().toISOString() },
        ],
      }),
    );
    return `${name}/players/${user.discordId}`;
  };
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
    // an abstention: it decides nothing, so the same request succeeds for each holder who has not voted
    'POST /api/applications/:id/votes': async () => ({
      path: `/api/applications/${await created('/api/applications', whitelistAnswers())}/votes`,
      body: { choice: 'abstain' },
    }),
    'POST /api/staff-applications/:id/votes': async () => ({
      path: `/api/staff-applications/${await created('/api/staff-applications', staffAnswers())}/votes`,
      body: { choice: 'abstain' },
    }),
    'POST /api/appeals/:id/votes': async () => ({
      path: `/api/appeals/${await created('/api/appeals', inGameAppeal())}/votes`,
      body: { choice: 'abstain' },
    }),
    'GET /api/answer-templates': async () => ({ path: '/api/answer-templates' }),
    'GET /api/applications/answer-templates': async () => ({ path: '/api/applications/answer-templates' }),
    'GET /api/staff-applications/answer-templates': async () => ({ path: '/api/staff-applications/answer-templates' }),
    'GET /api/appeals/answer-templates': async () => ({ path: '/api/appeals/answer-templates' }),
    'POST /api/answer-templates': async () => ({ path: '/api/answer-templates', body: newTemplate() }),
    'PATCH /api/answer-templates/:id': async () => ({
      path: `/api/answer-templates/${await storedTemplate()}`,
      body: newTemplate(),
    }),
    'DELETE /api/answer-templates/:id': async () => ({ path: `/api/answer-templates/${await storedTemplate()}` }),
    'GET /api/dashboard/reviewers': async () => ({ path: '/api/dashboard/reviewers?days=30' }),
    'GET /api/api-tokens': async () => ({ path: '/api/api-tokens' }),
    'POST /api/api-tokens': async () => ({
      path: '/api/api-tokens',
      body: { name: `Matrix tool ${++templates}`, scopes: ['players:read'] },
    }),
    'POST /api/api-tokens/:id/revoke': async () => ({
      path: `/api/api-tokens/${(await madeToken(server, await tokenMaker(), ['players:read'])).id}/revoke`,
      body: {},
    }),
    'GET /api/v1/purchases': async () => ({ path: '/api/v1/purchases?limit=5' }),
    'GET /api/v1/purchases/:id': async () => ({ path: `/api/v1/purchases/${await paidPurchase()}` }),
    'GET /api/v1/players/:discordId': async () => ({
      path: `/api/v1/players/${(await signIn(server)).user.discordId}`,
    }),
    'GET /api/v1/applications': async () => ({ path: '/api/v1/applications?kind=whitelist' }),
    'GET /api/v1/memberships': async () => ({ path: '/api/v1/memberships?status=active' }),
    'GET /api/queue': async () => ({ path: '/api/queue' }),
    'POST /api/queue/:server/players/:discordId/front': async () => ({
      path: `/api/queue/${await waitingPlayer()}/front`,
      body: {},
    }),
    'POST /api/queue/:server/players/:discordId/remove': async () => ({
      path: `/api/queue/${await waitingPlayer()}/remove`,
      body: { reason: 'Alt account' },
    }),
    'GET /api/dashboard/queue-waits': async () => ({ path: '/api/dashboard/queue-waits' }),
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
    'GET /api/emails': async () => ({ path: '/api/emails?status=failed' }),
    'POST /api/emails/:id/retry': async () => ({ path: `/api/emails/${await failedEmail()}/retry`, body: {} }),
    'GET /api/webhooks': async () => ({ path: '/api/webhooks' }),
    'POST /api/webhooks': async () => ({
      path: '/api/webhooks',
      body: { url: 'http://127.0.0.1:9/matrix', description: 'Matrix', events: ['player.banned'] },
    }),
    'DELETE /api/webhooks/:id': async () => ({ path: `/api/webhooks/${await storedEndpoint()}` }),
    'POST /api/webhooks/:id/test': async () => ({ path: `/api/webhooks/${await storedEndpoint()}/test`, body: {} }),
    'GET /api/webhooks/:id/messages': async () => ({ path: `/api/webhooks/${await storedEndpoint()}/messages` }),
    'POST /api/webhooks/messages/:id/resend': async () => ({
      path: `/api/webhooks/messages/${await failedWebhookMessage()}/resend`,
      body: {},
    }),
    'GET /api/grants': async () => ({ path: '/api/grants?filter=failed' }),
    'GET /api/grants/:id': async () => ({ path: `/api/grants/${await storedGrant(server)}` }),
    'POST /api/grants/:id/resend': async () => ({ path: `/api/grants/${await storedGrant(server)}/resend`, body: {} }),
    'POST /api/grants/:id/done': async () => ({
      path: `/api/grants/${await storedGrant(server)}/done`,
      body: { note: 'Given by hand in the city' },
    }),
    'POST /api/grants/:id/cancel': async () => ({ path: `/api/grants/${await storedGrant(server)}/cancel`, body: {} }),
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
    'POST /api/players/:id/permissions': async () => ({
      path: `/api/players/${(await signIn(server)).user.id}/permissions`,
      body: { grant: ['manage-roles'] },
    }),
    'GET /api/purchases/:id': async () => ({
      path: `/api/purchases/${await created('/api/create-payment-intent', { ...AGREED, productType: 'whitelist', productId: 'bayou-basic' }, 'purchaseId')}`,
    }),
    'GET /api/purchases/export.csv': async () => ({ path: '/api/purchases/export.csv?status=completed' }),
    'GET /api/memberships/summary': async () => ({ path: '/api/memberships/summary' }),
    'GET /api/dashboard/charts': async () => ({ path: '/api/dashboard/charts?days=90' }),
    'GET /api/dashboard/rules': async () => ({ path: '/api/dashboard/rules' }),
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
    ...interviewRequests(),
  };

  let interviewHours = 0;
  /** a time no other request of the matrix offers, so the admin holding them all is never busy */
  const nextInterviewTime = () => {
    interviewHours += 1;
    return new Date(Date.now() + (48 + interviewHours) * 3_600_000);
  };
  let interviewer: Promise<SignedIn> | undefined;

  /** a new application of the kind with a time offered (held by an admin), booked if asked, started if asked */
  const interviewCase = async (
    path: string,
    kind: 'whitelist' | 'staff' | 'appeal',
    stage: 'offered' | 'booked' | 'started',
  ): Promise<{ base: string; slotId: string; interviewId: string }> => {
    const applicant = await signIn(server);
    const answers = kind === 'whitelist' ? whitelistAnswers() : kind === 'staff' ? staffAnswers() : inGameAppeal();
    const sent = await send('POST', { path, body: answers }, applicant);
    const applicationId = JSON.parse(sent.body).id as string;
    const { database, core } = server.system;
    interviewer ??= signIn(server, { role: 'admin' });
    const admin = await database.withContext(async () => core.users.get.execute((await interviewer!).user.id));
    const [slot] = await database.withContext(() =>
      core.interviews.offer.execute({
        kind,
        applicationId,
        actor: admin,
        slots: [{ startsAt: nextInterviewTime(), minutes: 30 }],
      }),
    );
    const base = `${path}/${applicationId}/interviews`;
    if (stage === 'offered') return { base, slotId: slot!.id, interviewId: '' };
    const player = await database.withContext(() => core.users.get.execute(applicant.user.id));
    const booked = await database.withContext(() => core.interviews.book.execute({ slotId: slot!.id, actor: player }));
    // it began ten minutes ago: its outcome may be recorded
    if (stage === 'started')
      await database.withContext(() =>
        database.query(
          `update "interviews" set "starts_at" = now() - interval '10 minutes', "ends_at" = now() + interval '20 minutes' where "id" = ?`,
          [booked.id],
        ),
      );
    return { base, slotId: slot!.id, interviewId: booked.id };
  };

  function interviewRequests(): Record<string, () => Promise<Request>> {
    const made: Record<string, () => Promise<Request>> = {};
    for (const [path, , kind] of INTERVIEW_PATHS) {
      const key = (route: (typeof INTERVIEW_STAFF_ROUTES)[number]) => route.replace('{path}', path);
      made[key('GET {path}/:id/interviews')] = async () => ({
        path: (await interviewCase(path, kind, 'offered')).base,
      });
      made[key('POST {path}/:id/interviews/slots')] = async () => ({
        path: `${(await interviewCase(path, kind, 'offered')).base}/slots`,
        body: { slots: [{ startsAt: nextInterviewTime().toISOString(), minutes: 30 }] },
      });
      made[key('POST {path}/:id/interviews/slots/:slotId/withdraw')] = async () => {
        const { base, slotId } = await interviewCase(path, kind, 'offered');
        return { path: `${base}/slots/${slotId}/withdraw`, body: {} };
      };
      made[key('POST {path}/:id/interviews/:interviewId/reschedule')] = async () => {
        const { base, interviewId } = await interviewCase(path, kind, 'booked');
        return {
          path: `${base}/${interviewId}/reschedule`,
          body: { startsAt: nextInterviewTime().toISOString(), minutes: 30, reason: 'The reviewer is away' },
        };
      };
      made[key('POST {path}/:id/interviews/:interviewId/cancel')] = async () => {
        const { base, interviewId } = await interviewCase(path, kind, 'booked');
        return { path: `${base}/${interviewId}/cancel`, body: { reason: 'The position is filled' } };
      };
      made[key('POST {path}/:id/interviews/:interviewId/outcome')] = async () => {
        const { base, interviewId } = await interviewCase(path, kind, 'started');
        return { path: `${base}/${interviewId}/outcome`, body: { outcome: 'held' } };
      };
    }
    return made;
  }

  /** what a holder gives must be theirs: the one who changes roles holds the staff preset it gives */
  const alongside = (permission: Permission): Permission[] =>
    permission === 'manage-roles'
      ? ['review-whitelist', 'review-appeals', 'view-players']
      : permission === 'manage-integrations'
        ? ['view-players']
        : [];

  /**
   * The member with an authenticator app set up, its first code checked in this session: the server runs with the
   * default STAFF_2FA, so the holders of refund, ban, manage-roles and adjust-tokens act only so.
   */
  const withFactor = async (who: SignedIn): Promise<SignedIn> => {
    const setup = JSON.parse((await send('POST', { path: '/api/security/authenticator-app', body: {} }, who)).body);
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    const confirmed = await send('POST', { path: '/api/security/authenticator-app/confirm', body: { code } }, who);
    expect(confirmed.status, confirmed.body).toBe(200);
    return who;
  };

  /** a signed-in player holding every permission but `permission` (and those that bring it), and one holding only it */
  const holders = new Map<Permission, { allBut: SignedIn; only: SignedIn }>();
  const holdersOf = async (permission: Permission) => {
    let pair = holders.get(permission);
    if (!pair) {
      // every other permission, less those that bring this one with them ('refund' brings 'view-purchases')
      const others = PERMISSIONS.filter(
        (other) => other !== permission && !IMPLIED_PERMISSIONS[other]?.includes(permission),
      );
      pair = {
        allBut: await withFactor(await signIn(server, { role: 'player', grant: others })),
        only: await withFactor(await signIn(server, { role: 'player', grant: [permission, ...alongside(permission)] })),
      };
      holders.set(permission, pair);
    }
    return pair;
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { STAFF_2FA: DEFAULT_SECOND_FACTOR_PERMISSIONS.join(',') } });
    everyRoute = allRoutes(server);
    routes = everyRoute.flatMap((route) => {
      const access = ACCESS[keyOf(route)];
      return isPermission(access) ? [{ ...route, permission: access }] : [];
    });
    as.player = await signIn(server, { role: 'player' });
  });
  afterAll(() => server?.stop());

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
    // every guarded route has a request that succeeds for the holders of its permission, or of its token scope
    expect(
      [...routes, ...scopedRoutes()].map(keyOf).filter((key) => !requests[key]),
      'add a request for these routes to the matrix',
    ).toEqual([]);
  });

  it("guards each permission's route with that permission's guard, and no other route with one", () => {
    expect(routes.map((route) => `${keyOf(route)} ${route.guardPermission ?? 'unguarded'}`)).toEqual(
      routes.map((route) => `${keyOf(route)} ${route.permission}`),
    );
    expect(
      everyRoute.filter((route) => route.guardPermission && !routes.some((r) => keyOf(r) === keyOf(route))).map(keyOf),
    ).toEqual([]);
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

  /** the /api/v1 routes: a token's scope is their access */
  const scopedRoutes = () => everyRoute.filter((route) => isApiScope(ACCESS[keyOf(route)]));

  /** a GET as another tool sends it: a bearer token, or (a browser's) session cookie */
  const read = async (path: string, auth: { token?: string; cookie?: string }) => {
    const response = await fetch(`${server.url}${path}`, {
      redirect: 'manual',
      headers: {
        ...(auth.token ? { Authorization: `Bearer ${auth.token}` } : {}),
        ...(auth.cookie ? { Cookie: auth.cookie } : {}),
      },
    });
    return { status: response.status, body: await response.text() };
  };

  it('answers each /api/v1 route to a token holding its scope; 401 without one, with a revoked one or a session; 403 lacking it', async () => {
    const admin = await tokenMaker();
    const holding = new Map<ApiScope, string>();
    const lacking = new Map<ApiScope, string>();
    for (const scope of API_SCOPES) {
      holding.set(scope, (await madeToken(server, admin, [scope])).secret);
      lacking.set(
        scope,
        (
          await madeToken(
            server,
            admin,
            API_SCOPES.filter((other) => other !== scope),
          )
        ).secret,
      );
    }
    const revoked = await madeToken(server, admin, API_SCOPES);
    const revoking = await send('POST', { path: `/api/api-tokens/${revoked.id}/revoke`, body: {} }, admin);
    expect(revoking.status, revoking.body).toBe(200);
    const results: string[] = [];
    for (const route of scopedRoutes()) {
      const scope = ACCESS[keyOf(route)] as ApiScope;
      const { path } = await requests[keyOf(route)]!();
      const held = await read(path, { token: holding.get(scope) });
      results.push(
        [
          keyOf(route),
          `guard:${route.guardScope}`,
          `none:${(await read(path, {})).status}`,
          `revoked:${(await read(path, { token: revoked.secret })).status}`,
          `session:${(await read(path, { cookie: admin.cookie })).status}`,
          `lacking:${(await read(path, { token: lacking.get(scope) })).status}`,
          `holding:${held.status === 200 ? '200' : `${held.status} ${held.body.slice(0, 120)}`}`,
        ].join(' '),
      );
    }
    expect(results).toEqual(
      scopedRoutes().map(
        (route) =>
          `${keyOf(route)} guard:${ACCESS[keyOf(route)]} none:401 revoked:401 session:401 lacking:403 holding:200`,
      ),
    );
    expect(scopedRoutes().length).toBe(5);
  });

  it('takes an API token as nobody on every session route', async () => {
    const { secret } = await madeToken(server, await tokenMaker(), API_SCOPES);
    const results: string[] = [];
    const sessionRoutes = everyRoute.filter(
      (route) => ACCESS[keyOf(route)] === 'signed-in' || isPermission(ACCESS[keyOf(route)]),
    );
    for (const route of sessionRoutes) {
      const response = await fetch(`${server.url}${route.path}`, {
        method: route.method,
        headers: {
          Authorization: `Bearer ${secret}`,
          ...(route.method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
        },
        body: route.method === 'GET' ? undefined : '{}',
      });
      results.push(`${keyOf(route)} ${response.status}`);
    }
    expect(results).toEqual(sessionRoutes.map((route) => `${keyOf(route)} 401`));
    expect(results).toContain('GET /api/purchases 401');
  });

  // four requests and up to two sign-ins a route, one after another, for every route the router serves: a sweep
  it('answers 401 signed out, 403 to a user holding every permission but the one a route needs, and 2xx to a user holding only that one', async () => {
    const results: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const request = requests[key] ?? (async () => ({ path: route.path }));
      const first = await request();
      const { allBut, only } = await holdersOf(route.permission);
      const row = [key, route.permission];
      row.push(`out:${(await send(route.method, first)).status}`);
      row.push(`player:${(await send(route.method, first, as.player)).status}`);
      row.push(`all-but:${(await send(route.method, first, allBut)).status}`);
      // the refused attempts changed nothing: the same request still succeeds for the holder
      const response = await send(route.method, first, only);
      row.push(
        `only:${response.status >= 200 && response.status < 300 ? '2xx' : `${response.status} ${response.body.slice(0, 120)}`}`,
      );
      results.push(row.join(' '));
    }
    const expected = routes.map(
      (route) => `${keyOf(route)} ${route.permission} out:401 player:403 all-but:403 only:2xx`,
    );
    expect(results).toEqual(expected);
  }, 120_000);

  it('refuses the actions that need a second factor to their holder until one is set up, with a stable code', async () => {
    const results: string[] = [];
    const guarded = routes.filter((route) => DEFAULT_SECOND_FACTOR_PERMISSIONS.includes(route.permission));
    for (const route of guarded) {
      const key = `${route.method} ${route.path}`;
      const first = await requests[key]!();
      const holder = await signIn(server, {
        role: 'player',
        grant: [route.permission, ...alongside(route.permission)],
      });
      const refused = await send(route.method, first, holder);
      results.push(`${key} ${refused.status} ${JSON.parse(refused.body).code}`);
      // the refusal changed nothing: the same request goes through once the holder has a factor
      const done = await send(route.method, first, await withFactor(holder));
      expect(done.status, `${key}: ${done.body}`).toBeLessThan(300);
    }
    expect(results).toEqual(guarded.map((route) => `${keyOf(route)} 403 SECOND_FACTOR_SETUP_REQUIRED`));
    expect(guarded.map(keyOf).sort()).toEqual([
      'POST /api/deliveries/:id/retry',
      'POST /api/emails/:id/retry',
      'POST /api/grants/:id/cancel',
      'POST /api/grants/:id/done',
      'POST /api/grants/:id/resend',
      'POST /api/players/:id/ban',
      'POST /api/players/:id/permissions',
      'POST /api/players/:id/role',
      'POST /api/players/:id/tokens',
      'POST /api/players/:id/unban',
      'POST /api/purchases/:id/refund',
    ]);
  });

  it('keeps the presets: staff reach the routes of their preset, admins every guarded route', async () => {
    const staff = await signIn(server, { role: 'staff' });
    const admin = await withFactor(await signIn(server, { role: 'admin' }));
    const results: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const request = requests[key] ?? (async () => ({ path: route.path }));
      const forStaff = await send(route.method, await request(), staff);
      const forAdmin = await send(route.method, await request(), admin);
      results.push(
        `${key} staff:${forStaff.status === 403 ? 'refused' : 'through'} admin:${forAdmin.status === 403 ? 'refused' : 'through'}`,
      );
    }
    const staffPreset: readonly Permission[] = ['review-whitelist', 'review-appeals', 'view-players'];
    expect(results).toEqual(
      routes.map(
        (route) =>
          `${keyOf(route)} staff:${staffPreset.includes(route.permission) ? 'through' : 'refused'} admin:through`,
      ),
    );
  });
});

import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { ApiScopeRequiredError } from '../../../core/api-tokens/errors.ts';
import type { ApiCaller } from '../../../core/api-tokens/model/caller.ts';
import type { ApiScope } from '../../../core/api-tokens/model/scopes.ts';
import {
  APPLICATION_KIND_NAMES,
  type ApplicationKind,
  type ApplicationKindName,
} from '../../../core/applications/model/application.ts';
import { appealKind } from '../../../core/applications/model/kinds/appeal.ts';
import { staffKind } from '../../../core/applications/model/kinds/staff.ts';
import { whitelistKind } from '../../../core/applications/model/kinds/whitelist.ts';
import type { Core } from '../../../core/index.ts';
import { InvalidInputError, NotFoundError } from '../../../core/shared/errors.ts';
import { hasPermission, PERMISSION_LABELS } from '../../../core/users/model/permissions.ts';
import {
  apiApplicationListSchema,
  apiApplicationsQuerySchema,
  apiIdParamsSchema,
  apiMembershipListSchema,
  apiMembershipsQuerySchema,
  apiPlayerParamsSchema,
  apiPlayerSchema,
  apiPurchaseListSchema,
  apiPurchaseSchema,
  apiPurchasesQuerySchema,
  noQuerySchema,
} from '../contract/api-v1.ts';
import { apiCallerOf, apiTokenIdentity, requireScope } from '../middleware/api-token.ts';
import { apiTokenRateLimit } from '../middleware/rate-limit.ts';
import type { RateLimiter } from '../middleware/rate-limiter.ts';
import { openApiDocument } from '../openapi.ts';
import {
  presentApiApplication,
  presentApiMembership,
  presentApiPlayer,
  presentApiPurchase,
} from '../presenters/api-v1.ts';

type Schema = z.ZodType;

/** One read of the API: its path, scope, the schemas of its request and answer, and how it is answered. */
export interface ApiOperation<P extends Schema = Schema, Q extends Schema = Schema> {
  /** the OpenAPI operationId: a client's method name */
  id: string;
  /** the router's path (`:id`) */
  path: string;
  scope: ApiScope;
  summary: string;
  params?: P;
  query: Q;
  response: Schema;
  answer(input: { core: Core; caller: ApiCaller; params: z.infer<P>; query: z.infer<Q> }): Promise<unknown>;
}

const operation = <P extends Schema, Q extends Schema>(op: ApiOperation<P, Q>) => op as unknown as ApiOperation;

const KINDS: Record<ApplicationKindName, ApplicationKind> = {
  whitelist: whitelistKind as unknown as ApplicationKind,
  staff: staffKind as unknown as ApplicationKind,
  appeal: appealKind as unknown as ApplicationKind,
};

const listOf = (core: Core, kind: ApplicationKindName) =>
  kind === 'whitelist' ? core.applications.list : kind === 'staff' ? core.staffApplications.list : core.appeals.list;

/** Every read of /api/v1; the router and the OpenAPI document are both made from this list. */
export const API_V1_OPERATIONS: ApiOperation[] = [
  operation({
    id: 'listPurchases',
    path: '/api/v1/purchases',
    scope: 'purchases:read',
    summary: 'Purchases, newest first',
    query: apiPurchasesQuerySchema,
    response: apiPurchaseListSchema,
    async answer({ core, query }) {
      const since = query.since
        ? new Date(query.since.length === 10 ? `${query.since}T00:00:00Z` : query.since)
        : undefined;
      const page = await core.purchases.list.execute({
        status: query.status,
        from: since,
        limit: query.limit,
        before: query.before,
      });
      const now = core.clock.now();
      return { items: page.purchases.map((p) => presentApiPurchase(p, now)), next: page.nextBefore };
    },
  }),
  operation({
    id: 'getPurchase',
    path: '/api/v1/purchases/:id',
    scope: 'purchases:read',
    summary: 'One purchase',
    params: apiIdParamsSchema,
    query: noQuerySchema,
    response: apiPurchaseSchema,
    async answer({ core, params }) {
      const purchase = await core.purchases.show.execute({ reference: params.id });
      return presentApiPurchase(purchase, core.clock.now());
    },
  }),
  operation({
    id: 'getPlayer',
    path: '/api/v1/players/:discordId',
    scope: 'players:read',
    summary: 'A player by Discord id: whitelisted, queue tier and token balance, as the game server reads them',
    params: apiPlayerParamsSchema,
    query: noQuerySchema,
    response: apiPlayerSchema,
    async answer({ core, params }) {
      const access = await core.game.access.execute(params.discordId);
      if (!access.known)
        throw new NotFoundError(
          'PLAYER_NOT_FOUND',
          `No player with Discord id ${params.discordId} has signed in to the site.`,
        );
      const user = await core.users.findByDiscordId.execute(params.discordId);
      return presentApiPlayer(user, access);
    },
  }),
  operation({
    id: 'listApplications',
    path: '/api/v1/applications',
    scope: 'applications:read',
    summary: "Applications of one kind the token's creator reviews, newest first: their state, never their answers",
    query: apiApplicationsQuerySchema,
    response: apiApplicationListSchema,
    async answer({ core, caller, query }) {
      // the scope's guard let the token through: its creator reviews at least one kind
      const reviews = (name: ApplicationKindName) =>
        caller.creator !== null && hasPermission(caller.creator, KINDS[name].decider);
      const name = query.kind ?? APPLICATION_KIND_NAMES.find(reviews) ?? 'whitelist';
      const kind = KINDS[name];
      if (!reviews(name))
        throw new ApiScopeRequiredError(
          'applications:read',
          `The applications:read scope reads ${name} applications only while the token's creator holds "${PERMISSION_LABELS[kind.decider]}".`,
        );
      if (query.status !== undefined && !kind.statuses.includes(query.status))
        throw new InvalidInputError(
          'INVALID_REQUEST',
          `Invalid request. status: a ${name} application's status is one of ${kind.statuses.join(', ')}.`,
          [{ path: 'status', message: `One of ${kind.statuses.join(', ')}` }],
        );
      const page = await listOf(core, name).execute({
        status: query.status as never,
        pageSize: query.limit,
        before: query.before,
        summary: true,
      });
      return {
        kind: name,
        statuses: [...kind.statuses],
        items: page.items.map((application) => presentApiApplication(name, application)),
        next: page.nextBefore,
      };
    },
  }),
  operation({
    id: 'listMemberships',
    path: '/api/v1/memberships',
    scope: 'memberships:read',
    summary: 'Priority Pass memberships',
    query: apiMembershipsQuerySchema,
    response: apiMembershipListSchema,
    async answer({ core, query }) {
      const views = await core.memberships.list.execute({ status: query.status, limit: query.limit });
      return { items: views.map(presentApiMembership) };
    },
  }),
];

/**
 * The read API for other tools (decision 0109), mounted before the session is read: a token is its only identity.
 * Each request is read through the same schemas the OpenAPI document is made from.
 */
export function apiV1Routes(router: Router, core: Core, limiter: RateLimiter): void {
  const identity = apiTokenIdentity(core);
  const perToken = apiTokenRateLimit(limiter);
  // made once: it changes only with the code
  const description = openApiDocument(API_V1_OPERATIONS);
  router.get('/api/v1/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = description;
  });
  for (const op of API_V1_OPERATIONS)
    router.get(op.path, identity, perToken, requireScope(op.scope), async (ctx: Context) => {
      const params = op.params ? op.params.parse(ctx.params) : {};
      const query = op.query.parse(ctx.query);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await op.answer({ core, caller: apiCallerOf(ctx), params, query });
    });
}

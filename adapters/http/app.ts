import Koa from 'koa';
import { urlGuard } from './middleware/url-guard.ts';
import Router from '@koa/router';
import type { System } from '../compose.ts';
import { jsonBody } from './middleware/body.ts';
import { crossSiteProtection } from './middleware/csrf.ts';
import { codeRateLimit, signInRateLimit, writeRateLimit } from './middleware/rate-limit.ts';
import { sessions } from './middleware/session.ts';
import { loggingSecurityAndErrors } from './middleware/logging-security-and-errors.ts';
import { apiFallback } from './middleware/api-fallback.ts';
import { accountRoutes } from './routes/account.ts';
import { appealRoutes, applicationRoutes, staffRoutes, whitelistRoutes } from './routes/applications.ts';
import { answerTemplateRoutes } from './routes/answer-templates.ts';
import { apiTokenRoutes } from './routes/api-tokens.ts';
import { apiV1Routes } from './routes/api-v1.ts';
import { bannedReachOnlyTheirAppeal } from './middleware/banned.ts';
import { authRoutes } from './routes/auth.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { creatorRoutes } from './routes/creators.ts';
import { healthRoutes } from './routes/health.ts';
import { membershipRoutes } from './routes/memberships.ts';
import { paymentRoutes } from './routes/payments.ts';
import { playerRoutes } from './routes/players.ts';
import { purchaseRoutes } from './routes/purchases.ts';
import { securityRoutes } from './routes/security.ts';
import { promotionRoutes } from './routes/promotions.ts';
import { deliveryRoutes } from './routes/deliveries.ts';
import { emailRoutes } from './routes/emails.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { devMailPages } from './dev-mail-pages.ts';
import { grantRoutes } from './routes/grants.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { interviewRoutes } from './routes/interviews.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { stripeWebhookRoutes } from './routes/stripe-webhook.ts';
import { tebexRoutes } from './routes/tebex.ts';
import { gameKey, gameRoutes, serverFigureRoutes, serverStatusRoutes } from './routes/game.ts';
import { queueReportRoutes, queueRoutes } from './routes/queue.ts';
import { staticUi } from './static-ui.ts';
import { routesByArea } from './route-index.ts';

export interface HttpOptions {
  /** the built UI; omitted in API-only mode (the Vite dev server serves the UI) */
  uiDir?: string;
  /** true once the server is stopping: every answer from then on closes its connection */
  stopping?: () => boolean;
}

/** Mounts the routes and middleware on what the composition root built, its caches included; builds no adapter. */
export function createHttpApp(system: System, options: HttpOptions = {}): Koa {
  const { config, core, logger, database, payments } = system;
  const hops = config.server.trustProxyHops;
  // X-Forwarded-For is read from the right: the address the nearest of `hops` trusted proxies saw
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true; // the error handler logs what matters
  // the staff's polled lists, from memory until anything they read changes
  const listResponseCache = system.caches.lists;
  const router = new Router();
  healthRoutes(router, database);
  authRoutes(router, {
    core,
    config,
    logger,
    identity: system.identity,
    signInLimit: signInRateLimit(system.rateLimits.signIn),
  });
  tokenRoutes(router, core);
  const decisionsOnDiscord = core.delivery.capabilities.bot;
  applicationRoutes(router, core.applications, whitelistRoutes, listResponseCache.serve(), decisionsOnDiscord);
  applicationRoutes(router, core.staffApplications, staffRoutes, listResponseCache.serve(), decisionsOnDiscord);
  applicationRoutes(router, core.appeals, appealRoutes, listResponseCache.serve(), decisionsOnDiscord);
  answerTemplateRoutes(router, core);
  apiTokenRoutes(router, core);
  // creator codes named at checkout or checked as typed, per player and per address
  const codeChecks = system.rateLimits.codes;
  paymentRoutes(
    router,
    core,
    payments,
    system.rateLimits.coupons,
    codeRateLimit(codeChecks, (ctx) => (ctx.request.body as { creatorCode?: unknown } | undefined)?.creatorCode),
  );
  creatorRoutes(
    router,
    core,
    codeRateLimit(codeChecks, (ctx) => (ctx as { params?: Record<string, string> }).params?.code),
  );
  purchaseRoutes(router, core, listResponseCache.serve());
  serverFigureRoutes(router, core);
  // the charts are costlier to sum and move by the day: cached up to 30 seconds while nothing they read changes
  dashboardRoutes(router, core, listResponseCache.serve({ maxAgeMs: 30_000 }), {
    gateway: config.paymentGateway,
    mailHost: config.mail.smtpHost,
  });
  promotionRoutes(router, core, system.rateLimits.coupons);
  deliveryRoutes(router, core);
  emailRoutes(router, core);
  webhookRoutes(router, core);
  grantRoutes(router, core);
  playerRoutes(router, core);
  accountRoutes(router, core);
  privacyRoutes(router, core);
  interviewRoutes(router, core, config.server.publicUrl);
  queueRoutes(router, core);
  securityRoutes(router, core, system.rateLimits.secondFactor);
  membershipRoutes(router, core);
  stripeWebhookRoutes(router, core, payments, logger);
  tebexRoutes(router, core, payments, logger);

  app.use(
    loggingSecurityAndErrors({
      logger,
      production: config.production,
      publicUrl: config.server.publicUrl,
      stopping: options.stopping,
      cached: [system.caches.publicReads, system.caches.sessionReads],
    }),
  );
  app.use(urlGuard());
  // responses cached in memory go out from the first step, with the request line, protective headers and checks: public
  // responses for their max-age, and signed-in responses beside their session; these steps cache what the app sends
  app.use(system.caches.publicReads.caching());
  app.use(system.caches.sessionReads.caching());
  // public reads (GET only) need no body reader, cross-site check, database context or session: they answer first
  const publicRouter = new Router();
  catalogueRoutes(publicRouter, core);
  serverStatusRoutes(publicRouter, core, config.game.connectCode);
  app.use(routesByArea(publicRouter));
  app.use(crossSiteProtection(config.server.publicUrl));
  app.use(jsonBody());
  app.use((_ctx, next) => database.withContext(next));
  app.use(listResponseCache.writes());
  // the game server's routes take its key, never a session: they answer before the session is read
  if (config.game.apiKey) {
    const gameRouter = new Router();
    gameRoutes(gameRouter, core, { apiKey: config.game.apiKey, limiter: system.rateLimits.game });
    queueReportRoutes(gameRouter, core, gameKey(config.game.apiKey, system.rateLimits.game));
    app.use(routesByArea(gameRouter));
  }
  // the read API for other tools takes an API token, never a session: it answers before the session is read
  const apiRouter = new Router();
  apiV1Routes(apiRouter, core, system.rateLimits.api);
  app.use(routesByArea(apiRouter));
  const [sessionCookies, loadUser] = sessions(app, {
    store: system.sessions,
    secret: system.sessionSecret,
    secure: config.production,
    clock: system.clock,
    users: core.users,
  });
  // pages and assets need no session: only API requests read it
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? sessionCookies(ctx, () => loadUser(ctx, next)) : next()));
  app.use(bannedReachOnlyTheirAppeal());
  app.use(writeRateLimit(system.rateLimits.writes));
  app.use(routesByArea(router));
  app.use(apiFallback());
  // 405 (with Allow) for a wrong method on a known path, 501 for a method no route has, 200 to OPTIONS: over the
  // routes of every router above, whose matches it reads from ctx.matched
  app.use(router.allowedMethods());
  // development only, with no SMTP_URL: the emails the site wrote as files
  if (system.mailbox) app.use(devMailPages(system.mailbox));
  if (options.uiDir) app.use(staticUi(options.uiDir));
  return app;
}

import Koa from 'koa';
import Router from '@koa/router';
import type { Core } from '../../core/index.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { jsonBody } from './middleware/body.ts';
import { crossSiteProtection } from './middleware/csrf.ts';
import { RateLimiter, signInRateLimit, writeRateLimit } from './middleware/rate-limit.ts';
import { sessions } from './middleware/session.ts';
import { errorHandler } from './middleware/errors.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { httpsOnly } from './middleware/https-only.ts';
import { applicationRoutes, staffRoutes, whitelistRoutes } from './routes/applications.ts';
import { authRoutes } from './routes/auth.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { healthRoutes } from './routes/health.ts';
import { paymentRoutes } from './routes/payments.ts';
import { purchaseRoutes } from './routes/purchases.ts';
import { deliveryRoutes } from './routes/deliveries.ts';
import { stripeWebhookRoutes } from './routes/stripe-webhook.ts';
import { createPaymentAdapters, type PaymentAdapters } from '../payments/payment-adapters.ts';
import type { Database } from '../persistence/database.ts';
import { staticUi } from './static-ui.ts';

export interface HttpDependencies {
  core: Core;
  config: Config;
  logger: Logger;
  database: Database;
  /** built from the configuration when not given */
  payments?: PaymentAdapters;
  /** the built UI; omitted in API-only mode (the Vite dev server serves the UI) */
  uiDir?: string;
}

export function createHttpApp(deps: HttpDependencies): Koa {
  const hops = deps.config.TRUST_PROXY_HOPS;
  // X-Forwarded-For is read from the right: the address the nearest of `hops` trusted proxies saw
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true; // the error handler logs what matters
  const router = new Router();
  healthRoutes(router, deps.database);
  authRoutes(router, { ...deps, signInLimit: signInRateLimit(new RateLimiter(deps.config.RATE_LIMIT_SIGNIN_PER_MINUTE)) });
  tokenRoutes(router, deps.core);
  applicationRoutes(router, deps.core.applications, whitelistRoutes);
  applicationRoutes(router, deps.core.staffApplications, staffRoutes);
  const payments = deps.payments ?? createPaymentAdapters(deps.config, deps.database);
  paymentRoutes(router, deps.core, payments);
  purchaseRoutes(router, deps.core);
  deliveryRoutes(router, deps.core);
  stripeWebhookRoutes(router, deps.core, payments);

  app.use(requestLog(deps.logger));
  app.use(securityHeaders(deps.config.production));
  app.use(errorHandler(deps.logger));
  if (deps.config.production) app.use(httpsOnly(deps.config.publicUrl));
  app.use(crossSiteProtection(deps.config.publicUrl));
  app.use(jsonBody());
  // routes that need neither the database nor the session answer before either is set up
  const publicRouter = new Router();
  catalogueRoutes(publicRouter, deps.core);
  app.use(publicRouter.routes());
  app.use((_ctx, next) => deps.database.withContext(next));
  const [sessionCookies, loadUser] = sessions(app, deps);
  // pages and assets need no session: only API requests read it
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? sessionCookies(ctx, () => loadUser(ctx, next)) : next()));
  app.use(writeRateLimit(new RateLimiter(deps.config.RATE_LIMIT_WRITES_PER_MINUTE)));
  app.use(router.routes());
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      const allowed = new Set((ctx.matched ?? []).flatMap((layer: { methods: string[] }) => layer.methods));
      if (allowed.size > 0) {
        ctx.status = 405;
        ctx.set('Allow', [...allowed].join(', '));
        ctx.body = { message: `${ctx.method} is not allowed on ${ctx.path}. Use ${[...allowed].join(', ')}.`, code: 'METHOD_NOT_ALLOWED' };
        return;
      }
      ctx.status = 404;
      ctx.body = { message: `No API route ${ctx.method} ${ctx.path}.`, code: 'NOT_FOUND' };
      return;
    }
    await next();
  });
  if (deps.uiDir) app.use(staticUi(deps.uiDir));
  return app;
}

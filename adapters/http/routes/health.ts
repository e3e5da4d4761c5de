import type Router from '@koa/router';

export interface HealthProbe {
  ping(timeoutMs?: number): Promise<boolean>;
}

export function healthRoutes(router: Router, database: HealthProbe): void {
  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (await database.ping(2000)) {
      ctx.body = { status: 'ok', database: 'up' };
      return;
    }
    ctx.status = 503;
    ctx.body = { message: 'The database is unreachable.', code: 'DATABASE_UNREACHABLE', database: 'down' };
  });
}

import type Router from '@koa/router';

export interface HealthProbe {
  ping(timeoutMs?: number): Promise<boolean>;
}

export function healthRoutes(router: Router, database: HealthProbe): void {
  // with WEB_CONCURRENCY workers, which one answered (a load balancer's or an operator's check of each)
  const worker = process.env.WORKER_INDEX === undefined ? {} : { worker: Number(process.env.WORKER_INDEX) };
  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (await database.ping(2000)) {
      ctx.body = { status: 'ok', database: 'up', ...worker };
      return;
    }
    ctx.status = 503;
    ctx.body = { message: 'The database is unreachable.', code: 'DATABASE_UNREACHABLE', database: 'down' };
  });
}

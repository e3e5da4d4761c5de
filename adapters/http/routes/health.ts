import type Router from '@koa/router';
import type { PoolState } from '../../persistence/database.ts';

export interface HealthProbe {
  health(): Promise<{ database: 'up' | 'busy' | 'down'; pool: PoolState }>;
}

/**
 * 200 while the database answers, with this process's pool: `busy` when every pooled connection is taken and the
 * database answered only on a connection of its own (a balancer keeps sending: the process is alive and the
 * database up); 503 only when the database does not answer at all.
 */
export function healthRoutes(router: Router, database: HealthProbe): void {
  // with WEB_CONCURRENCY workers, which one answered (a load balancer's or an operator's check of each)
  const worker = process.env.WORKER_INDEX === undefined ? {} : { worker: Number(process.env.WORKER_INDEX) };
  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { database: state, pool } = await database.health();
    if (state !== 'down') {
      ctx.body = { status: state === 'up' ? 'ok' : 'busy', database: 'up', pool, ...worker };
      return;
    }
    ctx.status = 503;
    ctx.set('Retry-After', '5');
    ctx.body = { message: 'The database is unreachable.', code: 'DATABASE_UNREACHABLE', database: 'down', pool };
  });
}

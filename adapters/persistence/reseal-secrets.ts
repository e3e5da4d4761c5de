import type { Logger } from '../logger.ts';
import type { Database } from './database.ts';

/** the secret box's side this pass needs: a secret sealed again with the current key, or null when it already is */
export interface ResealingBox {
  resealed(sealed: string): string | null;
}

/** the tables holding sealed secrets: each row's key column and sealed column */
const SEALED = [
  { table: 'second_factor_apps', key: 'user_id', column: 'sealed_secret', what: 'authenticator apps' },
  { table: 'webhook_endpoints', key: 'id', column: 'secret_sealed', what: 'webhook endpoints' },
] as const;

export interface ResealReport {
  /** per table, the secrets sealed again with the current key */
  resealed: Record<string, number>;
  /** per table, the secrets no key opens (sealed with a secret the site no longer holds) */
  unreadable: Record<string, number>;
}

/**
 * While SESSION_SECRET_PREVIOUS is set (decision 0111), seals again with the current SESSION_SECRET's key every
 * authenticator-app and webhook secret an earlier one sealed, each row changed only if it still holds what was read (two
 * processes starting at once change it once). Once it has run, the previous secret may be removed. Names counts only,
 * never a secret.
 */
export async function resealSecrets(database: Database, box: ResealingBox, logger: Logger): Promise<ResealReport> {
  const report: ResealReport = { resealed: {}, unreadable: {} };
  for (const { table, key, column, what } of SEALED) {
    const rows = await database.query<{ key: string; sealed: string }>(
      `select "${key}"::text as "key", "${column}" as "sealed" from "${table}"`,
    );
    let resealed = 0;
    let unreadable = 0;
    for (const row of rows) {
      let fresh: string | null;
      try {
        fresh = box.resealed(row.sealed);
      } catch {
        unreadable++;
        continue;
      }
      if (fresh === null) continue;
      // counted only where this process changed it: another starting at the same moment may have been first
      const changed = await database.query(
        `update "${table}" set "${column}" = ? where "${key}"::text = ? and "${column}" = ? returning 1`,
        [fresh, row.key, row.sealed],
      );
      resealed += changed.length;
    }
    report.resealed[what] = resealed;
    report.unreadable[what] = unreadable;
  }
  const unreadable = Object.values(report.unreadable).reduce((sum, count) => sum + count, 0);
  logger[unreadable > 0 ? 'warn' : 'info'](
    report,
    unreadable > 0
      ? 'sealed secrets: some open with neither SESSION_SECRET nor SESSION_SECRET_PREVIOUS'
      : 'sealed secrets: all sealed with the current SESSION_SECRET; SESSION_SECRET_PREVIOUS may be removed',
  );
  return report;
}

import { isStalePreparedStatement } from './prepared-statements.ts';

/**
 * The database is up but could not serve in time: no pooled connection free within the pool's limit, a new
 * connection not let in within its limit (node-postgres' "timeout expired", as when a burst opens the pool's
 * connections at once on a loaded machine), a lock not granted within lock_timeout, a statement past
 * statement_timeout, a deadlock or serialization failure (the transaction was rolled back whole), or too many
 * connections, or a prepared statement gone stale under a migration (its connection is then dropped: see
 * `isStalePreparedStatement`). Nothing was written: the work may run again.
 */
const BUSY_CODES = new Set(['55P03', '57014', '40001', '40P01', '53300']);
const BUSY_MESSAGES = /Timeout acquiring a connection|pool is probably full|^timeout expired$/i;

/** True for errors that mean the database was too busy to answer in time (see BUSY_CODES). */
export function isDatabaseBusy(error: unknown): boolean {
  const candidate = error as { code?: string; name?: string; message?: string; cause?: unknown } | undefined;
  if (!candidate || typeof candidate !== 'object') return false;
  if (candidate.code && BUSY_CODES.has(candidate.code)) return true;
  if (candidate.name === 'KnexTimeoutError' || BUSY_MESSAGES.test(candidate.message ?? '')) return true;
  if (isStalePreparedStatement(error)) return true;
  return candidate.cause !== undefined && candidate.cause !== error && isDatabaseBusy(candidate.cause);
}

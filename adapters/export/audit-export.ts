import type { AuditChainEntry } from '../../core/audit/model/audit-chain.ts';
import type { CsvValue } from './csv.ts';

/**
 * The audit export's CSV columns: the row's place and log, then every field either log has (empty where the row's
 * log lacks it), then its link. The JSON export carries each row's fields exactly, in the order they are hashed.
 */
export const AUDIT_EXPORT_COLUMNS = [
  'position',
  'log',
  'id',
  'created_at',
  'user_id',
  'action',
  'before',
  'after',
  'reason',
  'permission',
  'actor_id',
  'actor_discord_id',
  'actor_name',
  'kind',
  'application_id',
  'from_status',
  'to_status',
  'notes',
  'reviewer_id',
  'reviewer_discord_id',
  'reviewer_name',
  'channel',
  'previous_hash',
  'hash',
] as const;

export type AuditExportColumn = (typeof AUDIT_EXPORT_COLUMNS)[number];

/** One chain entry's CSV row; `text` cleans each stored text cell (the terminal's control characters, say). */
export function auditExportRecord(
  entry: AuditChainEntry,
  text: (value: string) => string,
): Partial<Record<AuditExportColumn, CsvValue>> {
  const record: Partial<Record<AuditExportColumn, CsvValue>> = {};
  for (const [name, value] of Object.entries(entry.fields))
    if ((AUDIT_EXPORT_COLUMNS as readonly string[]).includes(name))
      record[name as AuditExportColumn] = value === null ? null : text(value);
  return {
    ...record,
    position: entry.position,
    log: entry.log,
    previous_hash: entry.previousHash,
    hash: entry.hash,
  };
}

/** One chain entry as the JSON export writes it: its fields exactly as hashed. */
export function auditExportJson(entry: AuditChainEntry) {
  return {
    position: entry.position,
    log: entry.log,
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    fields: entry.fields,
    previousHash: entry.previousHash,
    hash: entry.hash,
  };
}

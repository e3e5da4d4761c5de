import { createHash } from 'node:crypto';
import type { AccountAction } from './account-action.ts';

/**
 * The logs where staff decisions are stored, linked into one hash chain: each row carries the hash of the row before
 * it, whichever log that row is in, so the chain orders every staff decision and its last hash stands for them all.
 */
export const CHAINED_LOGS = ['account-action', 'application-review'] as const;
export type ChainedLog = (typeof CHAINED_LOGS)[number];

/** the previous hash of the chain's first row */
export const GENESIS_HASH = '0'.repeat(64);

/** A row's own fields by column name, in the one order they are hashed in; times as ISO 8601 in UTC. */
export type ChainFields = Readonly<Record<string, string | null>>;

/** Where a row sits in the chain: its position (1, 2, ...), the hash of the row before it, and its own hash. */
export interface ChainLink {
  position: number;
  previousHash: string;
  hash: string;
}

export interface AuditChainEntry extends ChainLink {
  log: ChainedLog;
  id: string;
  createdAt: Date;
  fields: ChainFields;
}

export interface AuditChainQuery {
  /** entries after this position (0: from the start) */
  after: number;
  limit: number;
  /** created at or after */
  from?: Date | null;
  /** created before */
  to?: Date | null;
}

/** The chained logs read together, in chain order. */
export interface AuditChain {
  read(query: AuditChainQuery): Promise<AuditChainEntry[]>;
}

/**
 * SHA-256 (hex) of the previous hash, a newline, and the JSON of [position, log, fields]: a change to any field,
 * to the row's place, or to any row before it gives another hash.
 */
export function chainHash(previousHash: string, position: number, log: ChainedLog, fields: ChainFields): string {
  return createHash('sha256')
    .update(`${previousHash}\n${JSON.stringify([position, log, fields])}`)
    .digest('hex');
}

/** The link that follows `head` (the chain's last entry, null when it is empty) for a new row with these fields. */
export function nextLink(head: Pick<ChainLink, 'position' | 'hash'> | null, log: ChainedLog, fields: ChainFields) {
  const position = (head?.position ?? 0) + 1;
  const previousHash = head?.hash ?? GENESIS_HASH;
  return { position, previousHash, hash: chainHash(previousHash, position, log, fields) } satisfies ChainLink;
}

/** An account action's hashed fields: every column of its row but the chain's own. */
export function accountActionFields(action: AccountAction): ChainFields {
  return {
    id: action.id,
    user_id: action.userId,
    action: action.action,
    before: action.before,
    after: action.after,
    reason: action.reason,
    permission: action.permission ?? null,
    actor_id: action.actorId,
    actor_discord_id: action.actorDiscordId,
    actor_name: action.actorName,
    channel: action.channel,
    created_at: action.createdAt.toISOString(),
  };
}

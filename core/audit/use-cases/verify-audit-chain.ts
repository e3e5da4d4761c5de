import { type AuditChain, type AuditChainEntry, chainHash, GENESIS_HASH } from '../model/audit-chain.ts';

/** The first row where the chain does not hold, and what does not match there. */
export interface BrokenLink {
  position: number;
  log: AuditChainEntry['log'];
  id: string;
  createdAt: Date;
  problem: string;
}

export type AuditChainReport =
  | { intact: true; count: number; head: { position: number; hash: string } | null }
  | { intact: false; checked: number; broken: BrokenLink };

const PAGE = 1000;

/**
 * Walks the audit chain from its first row: each row must follow the one before it (position), name that row's
 * hash as its previous hash, and hash to what it carries. Stops at the first row where one of these fails.
 */
export class VerifyAuditChain {
  constructor(private readonly chain: AuditChain) {}

  async execute(): Promise<AuditChainReport> {
    let previous: AuditChainEntry | null = null;
    let checked = 0;
    for (;;) {
      const page = await this.chain.read({ after: previous?.position ?? 0, limit: PAGE });
      for (const entry of page) {
        const problem = mismatch(entry, previous);
        if (problem) {
          const { position, log, id, createdAt } = entry;
          return { intact: false, checked, broken: { position, log, id, createdAt, problem } };
        }
        previous = entry;
        checked += 1;
      }
      if (page.length < PAGE) break;
    }
    return {
      intact: true,
      count: checked,
      head: previous ? { position: previous.position, hash: previous.hash } : null,
    };
  }
}

function mismatch(entry: AuditChainEntry, previous: AuditChainEntry | null): string | null {
  const expected = (previous?.position ?? 0) + 1;
  if (entry.position !== expected)
    return `it is at position ${entry.position} where position ${expected} was due: the rows between are missing`;
  const previousHash = previous?.hash ?? GENESIS_HASH;
  if (entry.previousHash !== previousHash)
    return previous
      ? `its previous hash ${short(entry.previousHash)} is not the hash ${short(previousHash)} of the row before it (${previous.log} ${previous.id}): that row was rewritten, or a row between them removed`
      : `its previous hash ${short(entry.previousHash)} is not the first row's ${short(previousHash)}: rows before it were removed`;
  const hash = chainHash(entry.previousHash, entry.position, entry.log, entry.fields);
  if (entry.hash !== hash)
    return `its fields hash to ${short(hash)}, not to its stored hash ${short(entry.hash)}: it was changed after it was written`;
  return null;
}

const short = (hash: string) => `${hash.slice(0, 12)}…`;

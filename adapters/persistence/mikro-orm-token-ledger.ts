import type { TokenChange, TokenLedgerEntry } from '../../core/tokens/model/ledger-entry.ts';
import type { LedgerOutcome, TokenLedger } from '../../core/tokens/ports.ts';
import { TokenReferenceUsedError } from '../../core/tokens/errors.ts';
import type { Database } from './database.ts';
import { latestRowsOfUser } from './list-rows.ts';
import { isUuid } from './mikro-orm-user-repository.ts';

interface EntryRecord {
  id: string;
  user_id: string;
  delta: number;
  balance_after: number;
  bought_delta: number;
  reason: string;
  reference: string | null;
  actor_id: string | null;
  created_at: Date | string;
}

/**
 * Balances in users.tokens (the part bought with money in users.bought_tokens), entries in token_ledger. Each change
 * locks its user's row first, so changes to one balance run one after another: the reference check, the zero floor
 * and the bought part's share (boughtShare, written out in SQL) see every earlier change.
 */
export class MikroOrmTokenLedger implements TokenLedger {
  constructor(private readonly database: Database) {}

  apply(change: TokenChange): Promise<LedgerOutcome> {
    if (!isUuid(change.userId)) return Promise.resolve({ kind: 'unknown_user' });
    // joins the caller's transaction or opens its own
    return this.database.transactional(async () => {
      // one statement: the user's row locked (a concurrent change waits, then this one reads the balance it left),
      // the entry written first when the balance stays at zero or above (a reference used before keeps its entry,
      // and the balance is not moved twice), then the balance and its bought part moved by that entry alone
      const [row] = await this.database.query<Partial<EntryRecord> & { before: number }>(
        `with "locked" as (
           select "tokens", "bought_tokens" from "users" where "id" = ? for no key update
         ), "entry" as (
           insert into "token_ledger" ("id", "user_id", "delta", "balance_after", "bought_delta", "reason", "reference", "actor_id", "created_at")
           select ?, ?, "change"."delta", "locked"."tokens" + "change"."delta",
             case
               when "change"."delta" > 0 then case when "change"."bought" then "change"."delta" else 0 end
               when "change"."bought" then greatest("change"."delta", -"locked"."bought_tokens")
               else least(0, "locked"."tokens" - "locked"."bought_tokens" + "change"."delta")
             end,
             ?, ?, ?, ?
           from "locked", (select ?::integer as "delta", ?::boolean as "bought") "change"
           where "locked"."tokens" + "change"."delta" >= 0
           on conflict ("reference") do nothing returning *
         ), "moved" as (
           -- both from the locked row, not the row the update scans: the update builds its new row from the version
           -- this statement's snapshot saw, and checks users_bought_tokens_check on it before it finds the newer one
           update "users" set "tokens" = "entry"."balance_after",
             "bought_tokens" = "locked"."bought_tokens" + "entry"."bought_delta", "updated_at" = "entry"."created_at"
           from "entry", "locked" where "users"."id" = "entry"."user_id" returning "users"."id"
         )
         select "locked"."tokens" as "before", "entry".* from "locked" left join "entry" on true`,
        [
          change.userId,
          change.id,
          change.userId,
          change.reason,
          change.reference,
          change.actorId,
          change.createdAt,
          change.delta,
          change.bought,
        ],
      );
      if (!row) return { kind: 'unknown_user' };
      if (row.id) {
        this.database.changed(`user:${change.userId}`);
        return { kind: 'applied', entry: toEntry(row as EntryRecord) };
      }
      const earlier = await this.entryOf(change.reference);
      if (earlier) return { kind: 'duplicate', entry: earlier };
      if (Number(row.before) + change.delta < 0) return { kind: 'insufficient', balance: Number(row.before) };
      throw new TokenReferenceUsedError(change.reference ?? '');
    });
  }

  private async entryOf(reference: string | null): Promise<TokenLedgerEntry | null> {
    if (!reference) return null;
    const [earlier] = await this.database.em.execute<EntryRecord[]>(
      `select * from "token_ledger" where "reference" = ?`,
      [reference],
    );
    return earlier ? toEntry(earlier) : null;
  }

  async history(userId: string, limit: number): Promise<TokenLedgerEntry[]> {
    return (await latestRowsOfUser<EntryRecord>(this.database, 'token_ledger', userId, limit)).map(toEntry);
  }
}

function toEntry(row: EntryRecord): TokenLedgerEntry {
  return {
    id: row.id,
    userId: row.user_id,
    delta: Number(row.delta),
    balanceAfter: Number(row.balance_after),
    boughtDelta: Number(row.bought_delta),
    reason: row.reason,
    reference: row.reference,
    actorId: row.actor_id,
    createdAt: new Date(row.created_at),
  };
}

import type { ApiToken } from '../../core/api-tokens/model/api-token.ts';
import { isApiScope } from '../../core/api-tokens/model/scopes.ts';
import type { ApiTokenRepository } from '../../core/api-tokens/ports.ts';
import type { Database } from './database.ts';
import { date, text } from './row-values.ts';

type Row = Record<string, unknown>;

const COLUMNS = `"id", "name", "scopes", "token_hash", "created_by", "created_by_name", "created_at", "last_used_at", "revoked_at", "revoked_by", "revoked_by_name"`;

/** a text[] as the driver hands it over: an array (pg), or its literal '{a,b}' (PGlite's raw rows) */
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  const literal = String(value ?? '').replace(/^\{|\}$/g, '');
  return literal ? literal.split(',').map((item) => item.replace(/^"|"$/g, '')) : [];
}

function toToken(row: Row): ApiToken {
  return {
    id: String(row.id),
    name: String(row.name),
    scopes: textArray(row.scopes).filter(isApiScope),
    tokenHash: String(row.token_hash).trim(),
    createdById: String(row.created_by),
    createdByName: String(row.created_by_name),
    createdAt: date(row.created_at),
    lastUsedAt: row.last_used_at == null ? null : date(row.last_used_at),
    revokedAt: row.revoked_at == null ? null : date(row.revoked_at),
    revokedById: text(row.revoked_by),
    revokedByName: text(row.revoked_by_name),
  };
}

/** The API tokens on Postgres (migration 0050); the secret itself is never stored. */
export class MikroOrmApiTokenRepository implements ApiTokenRepository {
  constructor(private readonly database: Database) {}

  async add(token: ApiToken): Promise<void> {
    await this.database.query(
      `insert into "api_tokens" (${COLUMNS}) values (?, ?, ?::text[], ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        token.id,
        token.name,
        `{${token.scopes.join(',')}}`,
        token.tokenHash,
        token.createdById,
        token.createdByName,
        token.createdAt,
        token.lastUsedAt,
        token.revokedAt,
        token.revokedById,
        token.revokedByName,
      ],
    );
  }

  async list(limit: number): Promise<ApiToken[]> {
    const rows = await this.database.query<Row>(
      `select ${COLUMNS} from "api_tokens" order by "created_at" desc, "id" desc limit ?`,
      [limit],
    );
    return rows.map(toToken);
  }

  async findById(id: string): Promise<ApiToken | null> {
    const [row] = await this.database.query<Row>(`select ${COLUMNS} from "api_tokens" where "id" = ?`, [id]);
    return row ? toToken(row) : null;
  }

  async findByHash(tokenHash: string): Promise<ApiToken | null> {
    const [row] = await this.database.query<Row>(`select ${COLUMNS} from "api_tokens" where "token_hash" = ?`, [
      tokenHash,
    ]);
    return row ? toToken(row) : null;
  }

  async revoke(id: string, by: { id: string | null; name: string }, at: Date): Promise<ApiToken | null> {
    // the first revoke is the one recorded; a second finds the row revoked and changes nothing
    const [row] = await this.database.query<Row>(
      `update "api_tokens" set "revoked_at" = ?, "revoked_by" = ?, "revoked_by_name" = ?
       where "id" = ? and "revoked_at" is null returning ${COLUMNS}`,
      [at, by.id, by.name, id],
    );
    return row ? toToken(row) : this.findById(id);
  }

  async touch(id: string, at: Date, staleBefore: Date): Promise<void> {
    await this.database.query(
      `update "api_tokens" set "last_used_at" = ? where "id" = ? and ("last_used_at" is null or "last_used_at" <= ?)`,
      [at, id, staleBefore],
    );
  }
}

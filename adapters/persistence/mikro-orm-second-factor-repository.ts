import type { SecondFactorRepository } from '../../core/security/ports.ts';
import type { Passkey, TotpFactor } from '../../core/security/model/second-factor.ts';
import type { Database } from './database.ts';

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: string | number;
  transports: string[] | string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const PASSKEY_COLUMNS = `"id", "user_id", "credential_id", "public_key", "counter", "transports", "created_at", "last_used_at"`;

function passkeyOf(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: typeof row.transports === 'string' ? JSON.parse(row.transports) : row.transports,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  };
}

/**
 * Second factors in three tables (second_factor_passkeys, _apps, _recovery_codes). Every "use" is one conditional
 * update, so two requests racing with the same code or counter see one of them win.
 */
export class MikroOrmSecondFactorRepository implements SecondFactorRepository {
  constructor(private readonly database: Database) {}

  private sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
    return this.database.em.execute<T[]>(text, params);
  }

  async hasFactor(userId: string): Promise<boolean> {
    const rows = await this.sql(
      `select 1 from "second_factor_passkeys" where "user_id" = ?
        union all select 1 from "second_factor_apps" where "user_id" = ? and "confirmed_at" is not null limit 1`,
      [userId, userId],
    );
    return rows.length > 0;
  }

  async passkeysOf(userId: string): Promise<Passkey[]> {
    const rows = await this.sql<PasskeyRow>(
      `select ${PASSKEY_COLUMNS} from "second_factor_passkeys" where "user_id" = ? order by "created_at", "id"`,
      [userId],
    );
    return rows.map(passkeyOf);
  }

  async findPasskey(userId: string, credentialId: string): Promise<Passkey | null> {
    const [row] = await this.sql<PasskeyRow>(
      `select ${PASSKEY_COLUMNS} from "second_factor_passkeys" where "user_id" = ? and "credential_id" = ?`,
      [userId, credentialId],
    );
    return row ? passkeyOf(row) : null;
  }

  async addPasskey(passkey: Passkey): Promise<boolean> {
    const rows = await this.sql(
      `insert into "second_factor_passkeys" (${PASSKEY_COLUMNS}) values (?, ?, ?, ?, ?, ?::jsonb, ?, ?)
        on conflict ("credential_id") do nothing returning "id"`,
      [
        passkey.id,
        passkey.userId,
        passkey.credentialId,
        passkey.publicKey,
        passkey.counter,
        JSON.stringify(passkey.transports),
        passkey.createdAt,
        passkey.lastUsedAt,
      ],
    );
    return rows.length > 0;
  }

  async recordPasskeyUse(id: string, counter: number, at: Date): Promise<boolean> {
    // authenticators that keep no counter always send 0; one that does must send more than last time
    const rows = await this.sql(
      `update "second_factor_passkeys" set "counter" = ?, "last_used_at" = ?
        where "id" = ? and (?::bigint = 0 and "counter" = 0 or ?::bigint > "counter") returning "id"`,
      [counter, at, id, counter, counter],
    );
    return rows.length > 0;
  }

  async totpOf(userId: string): Promise<TotpFactor | null> {
    const [row] = await this.sql<{
      sealed_secret: string;
      confirmed_at: Date | string | null;
      last_step: string | number | null;
      created_at: Date | string;
    }>(
      `select "sealed_secret", "confirmed_at", "last_step", "created_at" from "second_factor_apps" where "user_id" = ?`,
      [userId],
    );
    if (!row) return null;
    return {
      userId,
      sealedSecret: row.sealed_secret,
      confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at),
      lastStep: row.last_step === null ? null : Number(row.last_step),
      createdAt: new Date(row.created_at),
    };
  }

  async startTotp(userId: string, sealedSecret: string, at: Date): Promise<boolean> {
    const rows = await this.sql(
      `insert into "second_factor_apps" ("user_id", "sealed_secret", "created_at") values (?, ?, ?)
        on conflict ("user_id") do update set "sealed_secret" = excluded."sealed_secret", "created_at" = excluded."created_at"
        where "second_factor_apps"."confirmed_at" is null returning "user_id"`,
      [userId, sealedSecret, at],
    );
    return rows.length > 0;
  }

  async confirmTotp(userId: string, step: number, at: Date): Promise<boolean> {
    const rows = await this.sql(
      `update "second_factor_apps" set "confirmed_at" = ?, "last_step" = ?
        where "user_id" = ? and "confirmed_at" is null returning "user_id"`,
      [at, step, userId],
    );
    return rows.length > 0;
  }

  async acceptTotpStep(userId: string, step: number): Promise<boolean> {
    const rows = await this.sql(
      `update "second_factor_apps" set "last_step" = ?
        where "user_id" = ? and "confirmed_at" is not null and ("last_step" is null or "last_step" < ?) returning "user_id"`,
      [step, userId, step],
    );
    return rows.length > 0;
  }

  async replaceRecoveryCodes(userId: string, hashes: readonly string[], at: Date): Promise<void> {
    await this.sql(`delete from "second_factor_recovery_codes" where "user_id" = ?`, [userId]);
    if (hashes.length === 0) return;
    await this.sql(
      `insert into "second_factor_recovery_codes" ("user_id", "code_hash", "created_at") values ${hashes.map(() => '(?, ?, ?)').join(', ')}`,
      hashes.flatMap((hash) => [userId, hash, at]),
    );
  }

  async spendRecoveryCode(userId: string, hash: string, at: Date): Promise<boolean> {
    const rows = await this.sql(
      `update "second_factor_recovery_codes" set "used_at" = ?
        where "user_id" = ? and "code_hash" = ? and "used_at" is null returning "user_id"`,
      [at, userId, hash],
    );
    return rows.length > 0;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.sql<{ left: string | number }>(
      `select count(*) as "left" from "second_factor_recovery_codes" where "user_id" = ? and "used_at" is null`,
      [userId],
    );
    return Number(row?.left ?? 0);
  }

  async removeAll(userId: string): Promise<{ passkeys: number; totp: boolean; recoveryCodes: number }> {
    const passkeys = await this.sql(`delete from "second_factor_passkeys" where "user_id" = ? returning "id"`, [
      userId,
    ]);
    const apps = await this.sql(
      `delete from "second_factor_apps" where "user_id" = ? and "confirmed_at" is not null returning "user_id"`,
      [userId],
    );
    await this.sql(`delete from "second_factor_apps" where "user_id" = ?`, [userId]);
    const codes = await this.sql(
      `delete from "second_factor_recovery_codes" where "user_id" = ? and "used_at" is null returning "user_id"`,
      [userId],
    );
    await this.sql(`delete from "second_factor_recovery_codes" where "user_id" = ?`, [userId]);
    return { passkeys: passkeys.length, totp: apps.length > 0, recoveryCodes: codes.length };
  }
}

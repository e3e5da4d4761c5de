import type { ServerCheckLog } from '../../core/game/ports.ts';
import type { Database } from './database.ts';

/** The game server's checks per hour (migration 0023): one row an hour, counted up by every server process. */
export class MikroOrmServerCheckLog implements ServerCheckLog {
  constructor(private readonly database: Database) {}

  async count(hour: Date, online: boolean): Promise<void> {
    const up = online ? 1 : 0;
    await this.database.em.execute(
      `insert into "game_server_checks" ("hour", "checks", "online") values (?, 1, ?)
       on conflict ("hour") do update set "checks" = "game_server_checks"."checks" + 1,
         "online" = "game_server_checks"."online" + excluded."online"`,
      [hour, up],
    );
  }

  async totalSince(since: Date): Promise<{ checks: number; online: number }> {
    const [row] = await this.database.em.execute<
      Array<{ checks: string | number | null; online: string | number | null }>
    >(`select sum("checks") as "checks", sum("online") as "online" from "game_server_checks" where "hour" >= ?`, [
      since,
    ]);
    return { checks: Number(row?.checks ?? 0), online: Number(row?.online ?? 0) };
  }
}

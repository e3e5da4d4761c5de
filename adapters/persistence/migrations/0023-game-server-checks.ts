import { Migration } from '@mikro-orm/migrations';

/**
 * The game server's status checks counted per hour: how many were made and how many it answered. The landing and
 * home pages show its uptime over the last 30 days from them. One row an hour, 8,760 a year: nothing is pruned.
 */
export class Migration20261127000023GameServerChecks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "game_server_checks" (
      "hour" timestamptz primary key,
      "checks" integer not null check ("checks" > 0),
      "online" integer not null check ("online" between 0 and "checks")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "game_server_checks";`);
  }
}

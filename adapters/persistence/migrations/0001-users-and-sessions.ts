import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000001UsersAndSessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "users" (
      "id" uuid primary key,
      "username" varchar(255) null,
      "password" varchar(255) null,
      "email" varchar(255) null,
      "discord_id" varchar(64) not null,
      "discord_username" varchar(255) null,
      "discord_avatar" varchar(255) null,
      "discord_discriminator" varchar(16) null,
      "whitelist_tier" varchar(64) null,
      "gang_tier" varchar(64) null,
      "is_whitelisted" boolean not null default false,
      "tokens" integer not null default 0 check ("tokens" >= 0),
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "users_discord_id_unique" unique ("discord_id")
    );`);
    this.addSql(`create table "sessions" (
      "sid" varchar(255) primary key,
      "sess" text not null,
      "expire" timestamptz not null
    );`);
    this.addSql(`create index "sessions_expire_index" on "sessions" ("expire");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sessions";`);
    this.addSql(`drop table if exists "users";`);
  }
}

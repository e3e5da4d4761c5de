import { Migration } from '@mikro-orm/migrations';

/**
 * Single permissions granted or revoked per user on top of the role's preset, stored on the user's row (so the session
 * read, which joins the user, reads them, and the users trigger announces every change to the processes that keep
 * sessions in memory). The account-action log records each grant and revocation, with the permission it names.
 */
export class Migration20261127000031UserPermissions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "users" add column "permission_grants" jsonb not null default '[]' check (jsonb_typeof("permission_grants") = 'array');`,
    );
    this.addSql(
      `alter table "users" add column "permission_revocations" jsonb not null default '[]' check (jsonb_typeof("permission_revocations") = 'array');`,
    );
    this.addSql(`alter table "account_actions" drop constraint "account_actions_action_check";`);
    this.addSql(`alter table "account_actions" alter column "action" type varchar(24);`);
    this.addSql(
      `alter table "account_actions" add constraint "account_actions_action_check" check ("action" in ('credit_tokens', 'debit_tokens', 'ban', 'unban', 'change_role', 'grant_permission', 'revoke_permission'));`,
    );
    this.addSql(`alter table "account_actions" add column "permission" varchar(32) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "account_actions" drop column if exists "permission";`);
    this.addSql(`delete from "account_actions" where "action" in ('grant_permission', 'revoke_permission');`);
    this.addSql(`alter table "account_actions" drop constraint "account_actions_action_check";`);
    this.addSql(`alter table "account_actions" alter column "action" type varchar(16);`);
    this.addSql(
      `alter table "account_actions" add constraint "account_actions_action_check" check ("action" in ('credit_tokens', 'debit_tokens', 'ban', 'unban', 'change_role'));`,
    );
    this.addSql(`alter table "users" drop column if exists "permission_revocations";`);
    this.addSql(`alter table "users" drop column if exists "permission_grants";`);
  }
}

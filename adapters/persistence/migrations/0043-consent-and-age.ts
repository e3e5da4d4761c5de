import { Migration } from '@mikro-orm/migrations';

/**
 * A purchase's withdrawal consent (the wording's version, when it was ticked, the address it came from), and a buyer's
 * age declaration with its time. Purchases made before either was asked have none.
 */
export class Migration20261130000043ConsentAndAge extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "purchases" add column "consent_version" varchar(32) null, add column "consent_at" timestamptz null, add column "consent_address" varchar(64) null;`,
    );
    this.addSql(
      `alter table "users" add column "age_declaration" varchar(32) null check ("age_declaration" in ('adult', 'parental_consent')), add column "age_declared_at" timestamptz null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "age_declaration", drop column "age_declared_at";`);
    this.addSql(
      `alter table "purchases" drop column "consent_version", drop column "consent_at", drop column "consent_address";`,
    );
  }
}

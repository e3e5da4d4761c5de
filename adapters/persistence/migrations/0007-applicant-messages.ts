import { Migration } from '@mikro-orm/migrations';

/** What a reviewer tells the applicant, stored apart from the staff-only review notes. */
export class Migration20261123000007ApplicantMessages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "whitelist_applications" add column "applicant_message" text null;`);
    this.addSql(`alter table "staff_applications" add column "applicant_message" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "staff_applications" drop column if exists "applicant_message";`);
    this.addSql(`alter table "whitelist_applications" drop column if exists "applicant_message";`);
  }
}

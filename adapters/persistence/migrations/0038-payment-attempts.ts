import { Migration } from '@mikro-orm/migrations';

/**
 * The reasons the site itself gave when it closed a checkout nobody tried to pay (replaced by another checkout,
 * unpaid past its payment window). A failure with any other reason was a payment attempt the provider reported.
 */
const CLOSED_WITHOUT_ATTEMPT = [
  'No payment was started.',
  'No payment after 15 minutes.',
  'The payment was canceled.',
  'The store changed payment providers before this checkout was paid.',
  'Replaced by a checkout of the same pass, for another recipient.',
  'Replaced by a checkout with another coupon code.',
  'The payment provider has no record of this payment.',
];

/**
 * When the payment provider first reported a payment attempt on a purchase (paid, declined, held, being paid):
 * the buyer's history and the dashboard's counts take only those, and checkouts still open (decision 0078).
 * Rows already stored learn it from what they record: money taken (completed, refunded, disputed, underpaid) at
 * their completion, and a failure for a reason the provider gave at its first such failure. The dashboard's counts
 * of them per status come from a partial index, index-only as the counts of every row (migration 0027); the pending
 * ones still being paid past their window from another, so the dashboard never reads every pending row.
 */
export class Migration20261129000038PaymentAttempts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "purchases" add column "payment_attempted_at" timestamptz null;`);
    this.addSql(`update "purchases" set "payment_attempted_at" = coalesce("completed_at", "updated_at")
      where "status" in ('completed', 'refunded', 'disputed', 'underpaid');`);
    const closed = CLOSED_WITHOUT_ATTEMPT.map((reason) => `'${reason.replace(/'/g, "''")}'`).join(', ');
    this.addSql(`update "purchases" p set "payment_attempted_at" = (
        select min(c."created_at") from "purchase_status_changes" c
        where c."purchase_id" = p."id" and c."status" = 'failed' and c."reason" is not null and c."reason" not in (${closed})
      ) where p."status" = 'failed';`);
    this.addSql(
      `create index "purchases_attempted_status" on "purchases" ("status") include ("price_cents", "amount_paid_cents") where "payment_attempted_at" is not null;`,
    );
    // the few pending checkouts being paid past their payment window, found without reading every pending row
    this.addSql(
      `create index "purchases_pending_attempted" on "purchases" ("created_at") include ("price_cents") where "status" = 'pending' and "payment_attempted_at" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "purchases_pending_attempted";`);
    this.addSql(`drop index if exists "purchases_attempted_status";`);
    this.addSql(`alter table "purchases" drop column if exists "payment_attempted_at";`);
  }
}

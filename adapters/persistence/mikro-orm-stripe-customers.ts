import type { StripeCustomerStore } from '../payments/stripe-subscription-gateway.ts';
import type { Database } from './database.ts';

/** Each player's Stripe customer (migration 0017), shared by every server process. */
export class MikroOrmStripeCustomers implements StripeCustomerStore {
  constructor(private readonly database: Database) {}

  async find(userId: string): Promise<string | null> {
    const [row] = await this.database.em.execute<Array<{ customer_id: string }>>(
      `select "customer_id" from "stripe_customers" where "user_id" = ?`,
      [userId],
    );
    return row?.customer_id ?? null;
  }

  async keep(userId: string, customerId: string): Promise<string> {
    const [inserted] = await this.database.em.execute<Array<{ customer_id: string }>>(
      `insert into "stripe_customers" ("user_id", "customer_id") values (?, ?)
       on conflict ("user_id") do nothing returning "customer_id"`,
      [userId, customerId],
    );
    // stored already (another checkout got there first): that one is read back
    return inserted?.customer_id ?? (await this.find(userId)) ?? customerId;
  }

  async forget(userId: string): Promise<void> {
    await this.database.em.execute(`delete from "stripe_customers" where "user_id" = ?`, [userId]);
  }
}

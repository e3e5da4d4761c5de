import type { InferEntity } from '@mikro-orm/core';
import type { IntentStatus } from '../../core/purchases/ports.ts';
import type { DemoIntent, DemoIntentStore } from '../payments/demo-payment-gateway.ts';
import type { Database } from './database.ts';
import { fromColumns } from './list-rows.ts';
import type { DemoPaymentIntentRow } from './purchase-entities.ts';

/** Demo intents in the database, so the server and the CLI (reconcile) see the same payments. */
export class MikroOrmDemoIntentStore implements DemoIntentStore {
  constructor(private readonly database: Database) {}

  // plain statements (Database.query): a purchase runs each of these once or twice, and the ORM's query building
  // and mapping cost more than the database's work (bench/results.md, "the rush")

  async insertOnce(intent: DemoIntent): Promise<DemoIntent> {
    // one statement when the key is new: a retried checkout's key is found only after its insert stored nothing
    const inserted = await this.database.query(
      `insert into "demo_payment_intents" ("id", "client_secret", "idempotency_key", "status", "amount_cents", "currency",
         "metadata", "failure_message", "refunded", "created_at")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict ("idempotency_key") do nothing returning "id"`,
      [
        intent.id,
        intent.clientSecret,
        intent.idempotencyKey,
        intent.status,
        intent.amountCents,
        intent.currency,
        JSON.stringify(intent.metadata),
        intent.failureMessage ?? null,
        intent.refunded,
        intent.createdAt,
      ],
    );
    if (inserted.length === 1) return intent;
    const first = await this.findByKey(intent.idempotencyKey);
    if (!first) throw new Error(`No demo intent is stored under ${intent.idempotencyKey}, nor could ${intent.id} be.`);
    return first;
  }

  findById(id: string): Promise<DemoIntent | null> {
    return this.findWhere('id', id);
  }

  findByKey(idempotencyKey: string): Promise<DemoIntent | null> {
    return this.findWhere('idempotency_key', idempotencyKey);
  }

  private async findWhere(column: 'id' | 'idempotency_key', value: string): Promise<DemoIntent | null> {
    const [row] = await this.database.query<Record<string, unknown>>(
      `select * from "demo_payment_intents" where "${column}" = ?`,
      [value],
    );
    return row ? toIntent(fromColumns<InferEntity<typeof DemoPaymentIntentRow>>(row)) : null;
  }

  async update(intent: DemoIntent): Promise<void> {
    const { status, failureMessage, refunded, amountCents, metadata } = intent;
    await this.database.query(
      `update "demo_payment_intents" set "status" = ?, "failure_message" = ?, "refunded" = ?, "amount_cents" = ?,
         "metadata" = ? where "id" = ?`,
      [status, failureMessage ?? null, refunded, amountCents, JSON.stringify(metadata), intent.id],
    );
  }
}

function toIntent(row: InferEntity<typeof DemoPaymentIntentRow>): DemoIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    idempotencyKey: row.idempotencyKey,
    status: row.status as IntentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: { ...(row.metadata as Record<string, string>) },
    failureMessage: row.failureMessage ?? null,
    refunded: row.refunded,
    createdAt: row.createdAt,
  };
}

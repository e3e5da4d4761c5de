import type { InferEntity } from '@mikro-orm/core';
import type { IntentStatus } from '../../core/purchases/ports.ts';
import type { DemoIntent, DemoIntentStore } from '../payments/demo-payment-gateway.ts';
import type { Database } from './database.ts';
import { DemoPaymentIntentRow } from './purchase-entities.ts';

const FRESH = { disableIdentityMap: true } as const;

/** Demo intents in the database, so the server and the CLI (reconcile) see the same payments. */
export class MikroOrmDemoIntentStore implements DemoIntentStore {
  constructor(private readonly database: Database) {}

  async insertOnce(intent: DemoIntent): Promise<DemoIntent> {
    // one statement when the key is new: a retried checkout's key is found only after its insert stored nothing
    const { affectedRows } = await this.database.em
      .createQueryBuilder(DemoPaymentIntentRow)
      .insert({ ...intent })
      .onConflict('idempotencyKey')
      .ignore()
      .execute('run');
    if (affectedRows === 1) return intent;
    const first = await this.findByKey(intent.idempotencyKey);
    if (!first) throw new Error(`No demo intent is stored under ${intent.idempotencyKey}, nor could ${intent.id} be.`);
    return first;
  }

  async findById(id: string): Promise<DemoIntent | null> {
    const row = await this.database.em.findOne(DemoPaymentIntentRow, { id }, FRESH);
    return row ? toIntent(row) : null;
  }

  async findByKey(idempotencyKey: string): Promise<DemoIntent | null> {
    const row = await this.database.em.findOne(DemoPaymentIntentRow, { idempotencyKey }, FRESH);
    return row ? toIntent(row) : null;
  }

  async update(intent: DemoIntent): Promise<void> {
    const { status, failureMessage, refunded, amountCents, metadata } = intent;
    await this.database.em.nativeUpdate(
      DemoPaymentIntentRow,
      { id: intent.id },
      { status, failureMessage, refunded, amountCents, metadata },
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

import type { PaymentEventLog, UnmatchedPaymentEvent } from '../ports.ts';

/** The provider events that named a purchase they were not proven to pay, newest first: for staff to look into. */
export class ListUnmatchedPayments {
  constructor(private readonly events: PaymentEventLog) {}

  execute(input: { limit?: number } = {}): Promise<UnmatchedPaymentEvent[]> {
    return this.events.unmatched(Math.min(Math.max(input.limit ?? 100, 1), 1000));
  }
}

import type { StoreBans, TokenLedger } from '../../core/purchases/ports.ts';

/** Balances and entries kept in memory; a reference is credited once, like the database ledger. */
export class InMemoryTokenLedger implements TokenLedger {
  readonly balances = new Map<string, number>();
  readonly entries: Array<{ userId: string; amount: number; reason: string; reference: string }> = [];

  balance(userId: string): number {
    return this.balances.get(userId) ?? 0;
  }

  async credit(input: { userId: string; amount: number; reason: string; reference: string }): Promise<void> {
    if (this.entries.some((entry) => entry.reference === input.reference)) return;
    this.entries.push(input);
    this.balances.set(input.userId, this.balance(input.userId) + input.amount);
  }

  async debit(input: { userId: string; amount: number; reason: string; reference: string }): Promise<number> {
    if (this.entries.some((entry) => entry.reference === input.reference)) return 0;
    const taken = Math.min(input.amount, this.balance(input.userId));
    this.entries.push({ ...input, amount: -taken });
    this.balances.set(input.userId, this.balance(input.userId) - taken);
    return taken;
  }
}

export class InMemoryStoreBans implements StoreBans {
  readonly banned = new Map<string, string>();

  async isBanned(userId: string): Promise<boolean> {
    return this.banned.has(userId);
  }

  async ban(userId: string, reason: string): Promise<void> {
    if (!this.banned.has(userId)) this.banned.set(userId, reason);
  }
}

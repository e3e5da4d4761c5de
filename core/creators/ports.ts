import type { Creator } from './model/creator.ts';

/** What a creator's code brought in over a period, from the purchases that named it. */
export interface CreatorSales {
  creatorId: string;
  /** completed purchases, by completion time */
  sales: number;
  /** the money taken for them (what was paid, else the price) */
  takenCents: number;
  /** purchases completed in the period and since refunded or disputed: counted apart, owed nothing */
  refunds: number;
  refundedCents: number;
}

export type AddCreatorOutcome = 'added' | 'code_taken' | 'already_creator';

export interface CreatorRepository {
  /**
   * Stores the creator unless its code (whatever its case) is taken by any creator, disabled ones too, or the
   * player is a creator already; atomic, so of two concurrent adds of one code exactly one is stored.
   */
  add(creator: Creator): Promise<AddCreatorOutcome>;
  /** by code, whatever its case */
  findByCode(code: string): Promise<Creator | null>;
  findByUser(userId: string): Promise<Creator | null>;
  /** every creator, by code */
  list(): Promise<Creator[]>;
  /** disables the code (a disabled one keeps its first time); null when no creator has it */
  disable(code: string, at: Date): Promise<Creator | null>;
  /**
   * Per creator (only `creatorId` when given), the purchases that named them and were completed in [from, to); a
   * creator without one is left out.
   */
  sales(period: { from: Date; to: Date }, creatorId?: string): Promise<CreatorSales[]>;
}

import { applyTokenChange, type TokenChangeDeps } from '../model/apply-token-change.ts';
import type { TokenChangeInput, TokenChangeResult } from '../model/ledger-entry.ts';

/** Takes tokens with a ledger entry; never below zero (INSUFFICIENT_TOKENS), and idempotent by reference. */
export class DebitTokens {
  constructor(private readonly deps: TokenChangeDeps) {}

  execute(input: TokenChangeInput): Promise<TokenChangeResult> {
    return applyTokenChange(this.deps, input, -1);
  }
}

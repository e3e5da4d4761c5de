import { applyTokenChange, type TokenChangeDeps } from '../model/apply-token-change.ts';
import type { TokenChangeInput, TokenChangeResult } from '../model/ledger-entry.ts';

/** Adds tokens with a ledger entry; a reference already used changes nothing and answers the earlier result. */
export class CreditTokens {
  constructor(private readonly deps: TokenChangeDeps) {}

  execute(input: TokenChangeInput): Promise<TokenChangeResult> {
    return applyTokenChange(this.deps, input, 1);
  }
}

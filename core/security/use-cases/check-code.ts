import type { User } from '../../users/model/user.ts';
import { hashRecoveryCode, looksLikeRecoveryCode } from '../model/recovery-codes.ts';
import { InvalidSecondFactorError } from '../model/second-factor.ts';
import type { SecurityDeps } from '../model/deps.ts';

/**
 * Checks a code from the member's authenticator app (each good once: a code of a time step already used is refused)
 * or one of their recovery codes (each good once).
 */
export class CheckCode {
  constructor(private readonly deps: SecurityDeps) {}

  async execute(input: { user: User; code: string }): Promise<{ checkedAt: Date; method: 'app' | 'recovery-code' }> {
    const { deps } = this;
    const userId = input.user.id;
    const code = String(input.code ?? '').trim();
    const now = deps.clock.now();
    if (looksLikeRecoveryCode(code)) {
      if (await deps.factors.spendRecoveryCode(userId, hashRecoveryCode(code), now))
        return { checkedAt: now, method: 'recovery-code' };
      throw new InvalidSecondFactorError('That recovery code is not valid or was used already.');
    }
    const totp = await deps.factors.totpOf(userId);
    if (!totp?.confirmedAt) throw new InvalidSecondFactorError('No authenticator app is set up: use your passkey.');
    const step = deps.codes.stepOf(deps.secrets.open(totp.sealedSecret), code, now);
    if (step === null || !(await deps.factors.acceptTotpStep(userId, step)))
      throw new InvalidSecondFactorError('That code is not valid or was used already. Wait for the next one.');
    return { checkedAt: now, method: 'app' };
  }
}

import { ConflictError } from '../../shared/errors.ts';
import type { User } from '../../users/model/user.ts';
import { type Challenge, InvalidSecondFactorError } from '../model/second-factor.ts';
import { liveChallenge } from '../model/challenge.ts';
import type { SecurityDeps } from '../model/deps.ts';
import { issueRecoveryCodes } from '../model/issue-recovery-codes.ts';

/**
 * Keeps the passkey the browser made against the session's challenge. Making it is a check of the factor too. A
 * member's first factor comes with recovery codes (null when they had a factor already).
 */
export class RegisterPasskey {
  constructor(private readonly deps: SecurityDeps) {}

  async execute(input: {
    user: User;
    response: unknown;
    challenge: Challenge | undefined;
  }): Promise<{ recoveryCodes: string[] | null; checkedAt: Date }> {
    const { deps } = this;
    const challenge = liveChallenge(input.challenge, 'register', deps.clock);
    const credential = await deps.passkeys.verifyRegistration({ response: input.response, challenge });
    if (!credential) throw new InvalidSecondFactorError('The passkey could not be verified. Try again.');
    return deps.transactions.run(async () => {
      const first = !(await deps.factors.hasFactor(input.user.id));
      const now = deps.clock.now();
      const added = await deps.factors.addPasskey({
        id: deps.ids.next(),
        userId: input.user.id,
        ...credential,
        createdAt: now,
        lastUsedAt: now,
      });
      if (!added) throw new ConflictError('PASSKEY_ALREADY_REGISTERED', 'This passkey is registered already.');
      return { recoveryCodes: first ? await issueRecoveryCodes(deps, input.user.id) : null, checkedAt: now };
    });
  }
}

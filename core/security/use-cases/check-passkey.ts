import type { User } from '../../users/model/user.ts';
import { type Challenge, InvalidSecondFactorError } from '../model/second-factor.ts';
import { liveChallenge } from '../model/challenge.ts';
import type { SecurityDeps } from '../model/deps.ts';

/** Checks the member's passkey against the session's challenge; the counter moves forward or the check fails. */
export class CheckPasskey {
  constructor(private readonly deps: SecurityDeps) {}

  async execute(input: {
    user: User;
    response: unknown;
    challenge: Challenge | undefined;
  }): Promise<{ checkedAt: Date }> {
    const { deps } = this;
    const challenge = liveChallenge(input.challenge, 'check', deps.clock);
    const credentialId = deps.passkeys.credentialIdOf(input.response);
    const passkey = credentialId ? await deps.factors.findPasskey(input.user.id, credentialId) : null;
    if (!passkey) throw new InvalidSecondFactorError('That passkey is not registered to this account.');
    const counter = await deps.passkeys.verifyAuthentication({ response: input.response, challenge, passkey });
    const now = deps.clock.now();
    if (counter === null || !(await deps.factors.recordPasskeyUse(passkey.id, counter, now)))
      throw new InvalidSecondFactorError('The passkey could not be verified. Try again.');
    return { checkedAt: now };
  }
}

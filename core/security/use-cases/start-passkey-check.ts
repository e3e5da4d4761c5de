import { InvalidInputError } from '../../shared/errors.ts';
import type { User } from '../../users/model/user.ts';
import type { Challenge } from '../model/second-factor.ts';
import type { SecurityDeps } from '../model/deps.ts';

/** The options a browser needs to sign with one of the member's passkeys, and the challenge to keep. */
export class StartPasskeyCheck {
  constructor(private readonly deps: SecurityDeps) {}

  async execute(input: { user: User }): Promise<{ options: unknown; challenge: Challenge }> {
    const registered = await this.deps.factors.passkeysOf(input.user.id);
    if (registered.length === 0)
      throw new InvalidInputError('NO_PASSKEY', 'No passkey is registered: use a code from your app instead.');
    const { options, challenge } = await this.deps.passkeys.authenticationOptions({ allow: registered });
    return { options, challenge: { value: challenge, purpose: 'check', issuedAt: this.deps.clock.now().getTime() } };
  }
}

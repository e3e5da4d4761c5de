import { displayName, type User } from '../../users/model/user.ts';
import type { Challenge } from '../model/second-factor.ts';
import type { SecurityDeps } from '../model/deps.ts';

/** The options a browser needs to make a new passkey, and the challenge to keep with the session. */
export class StartPasskeyRegistration {
  constructor(private readonly deps: SecurityDeps) {}

  async execute(input: { user: User }): Promise<{ options: unknown; challenge: Challenge }> {
    const registered = await this.deps.factors.passkeysOf(input.user.id);
    const { options, challenge } = await this.deps.passkeys.registrationOptions({
      userId: input.user.id,
      userName: displayName(input.user),
      exclude: registered,
    });
    return { options, challenge: { value: challenge, purpose: 'register', issuedAt: this.deps.clock.now().getTime() } };
  }
}

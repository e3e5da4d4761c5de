import { ConflictError } from '../../shared/errors.ts';
import type { User } from '../../users/model/user.ts';
import type { SecurityDeps } from '../model/deps.ts';

/** The account's name in the member's authenticator app (the issuer is the site's). */
const ISSUER_ACCOUNT = (user: User) => `${user.discordUsername ?? user.discordId}`;

/**
 * A new authenticator-app secret, stored sealed until its first code confirms it. The secret is shown here once (as a
 * QR code and as text) and never again.
 */
export class StartTotpSetup {
  constructor(private readonly deps: SecurityDeps) {}

  async execute(input: { user: User }): Promise<{ secret: string; uri: string }> {
    const { deps } = this;
    const secret = deps.codes.newSecret();
    const started = await deps.factors.startTotp(input.user.id, deps.secrets.seal(secret), deps.clock.now());
    if (!started)
      throw new ConflictError('AUTHENTICATOR_APP_SET_UP', 'An authenticator app is set up already on this account.');
    return { secret, uri: deps.codes.uri(secret, ISSUER_ACCOUNT(input.user)) };
  }
}

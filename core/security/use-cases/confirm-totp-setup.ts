import { InvalidInputError } from '../../shared/errors.ts';
import type { User } from '../../users/model/user.ts';
import { InvalidSecondFactorError } from '../model/second-factor.ts';
import type { SecurityDeps } from '../model/deps.ts';
import { issueRecoveryCodes } from '../model/issue-recovery-codes.ts';

/** The app's first code confirms its setup (and checks the factor); a first factor comes with recovery codes. */
export class ConfirmTotpSetup {
  constructor(private readonly deps: SecurityDeps) {}

  async execute(input: { user: User; code: string }): Promise<{ recoveryCodes: string[] | null; checkedAt: Date }> {
    const { deps } = this;
    const userId = input.user.id;
    return deps.transactions.run(async () => {
      const totp = await deps.factors.totpOf(userId);
      if (!totp || totp.confirmedAt)
        throw new InvalidInputError('NO_AUTHENTICATOR_SETUP', 'Start the authenticator app setup first.');
      const now = deps.clock.now();
      const step = deps.codes.stepOf(deps.secrets.open(totp.sealedSecret), input.code, now);
      if (step === null) throw new InvalidSecondFactorError();
      const first = !(await deps.factors.hasFactor(userId));
      if (!(await deps.factors.confirmTotp(userId, step, now)))
        throw new InvalidInputError('NO_AUTHENTICATOR_SETUP', 'Start the authenticator app setup first.');
      return { recoveryCodes: first ? await issueRecoveryCodes(deps, userId) : null, checkedAt: now };
    });
  }
}

import type { User } from '../../users/model/user.ts';
import { checkIsFresh, needsSecondFactor } from '../model/second-factor.ts';
import type { SecurityDeps } from '../model/deps.ts';

export interface SecondFactorStatus {
  /** this user's permissions need a second factor */
  required: boolean;
  enrolled: boolean;
  passkeys: { id: string; createdAt: Date; lastUsedAt: Date | null }[];
  authenticatorApp: boolean;
  recoveryCodesLeft: number;
  /** when this session last checked the factor */
  checkedAt: Date | null;
  /** that check still stands */
  fresh: boolean;
}

/** What a member has set up, whether they must, and whether this session's check stands. */
export class GetSecondFactorStatus {
  constructor(private readonly deps: SecurityDeps) {}

  async execute(input: { user: User; checkedAt: number | null | undefined }): Promise<SecondFactorStatus> {
    const { factors, clock } = this.deps;
    const [passkeys, totp, recoveryCodesLeft] = await Promise.all([
      factors.passkeysOf(input.user.id),
      factors.totpOf(input.user.id),
      factors.recoveryCodesLeft(input.user.id),
    ]);
    const authenticatorApp = Boolean(totp?.confirmedAt);
    const checkedAt = typeof input.checkedAt === 'number' ? new Date(input.checkedAt) : null;
    return {
      required: needsSecondFactor(input.user, this.deps.required),
      enrolled: passkeys.length > 0 || authenticatorApp,
      passkeys: passkeys.map(({ id, createdAt, lastUsedAt }) => ({ id, createdAt, lastUsedAt })),
      authenticatorApp,
      recoveryCodesLeft,
      checkedAt,
      fresh: checkIsFresh(input.checkedAt, clock.now()),
    };
  }
}

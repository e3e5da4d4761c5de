import type { Permission } from '../../users/model/permissions.ts';
import type { User } from '../../users/model/user.ts';
import {
  checkIsFresh,
  needsSecondFactor,
  SecondFactorRequiredError,
  SecondFactorSetupRequiredError,
} from '../model/second-factor.ts';
import type { SecurityDeps } from '../model/deps.ts';

/**
 * Lets an action guarded by `permission` go ahead: when that permission needs a second factor and the user holds
 * one that does, they must have a factor set up, and this session must have checked it in the last ten minutes.
 */
export class RequireSecondFactor {
  constructor(private readonly deps: SecurityDeps) {}

  async execute(input: { user: User; permission: Permission; checkedAt: number | null | undefined }): Promise<void> {
    const { required, factors, clock } = this.deps;
    if (!required.includes(input.permission) || !needsSecondFactor(input.user, required)) return;
    if (!(await factors.hasFactor(input.user.id))) throw new SecondFactorSetupRequiredError();
    if (!checkIsFresh(input.checkedAt, clock.now())) throw new SecondFactorRequiredError();
  }
}

import { InvalidInputError } from '../../shared/errors.ts';
import type { Clock } from '../../shared/ports.ts';
import { UserNotFoundError } from '../errors.ts';
import type { UserRepository } from '../ports.ts';
import { ROLES, type Role, type User } from '../model/user.ts';

/** Grants or removes staff and admin rights; the next request of that user already sees the change. */
export class ChangeRole {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string; role: Role }): Promise<User> {
    if (!(ROLES as readonly string[]).includes(input.role)) {
      throw new InvalidInputError('INVALID_ROLE', `Role must be one of ${ROLES.join(', ')}.`, [
        { path: 'role', message: `Role must be one of ${ROLES.join(', ')}.` },
      ]);
    }
    const user = await this.users.setRole(input.userId, input.role, this.clock.now());
    if (!user) throw new UserNotFoundError(`with id ${input.userId}`);
    return user;
  }
}

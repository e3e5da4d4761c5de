import { UserNotFoundError } from '../errors.ts';
import type { UserRepository } from '../ports.ts';
import type { User } from '../model/user.ts';

/** A user by id, as stored now (role, ban and balance included). */
export class GetUser {
  constructor(private readonly users: UserRepository) {}

  async execute(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new UserNotFoundError(`with id ${id}`);
    return user;
  }
}

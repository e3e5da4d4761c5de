import type { UserQuery, UserRepository } from '../ports.ts';
import type { User } from '../model/user.ts';

export class ListUsers {
  constructor(private readonly users: UserRepository) {}

  execute(query: UserQuery = {}): Promise<User[]> {
    return this.users.list(query);
  }
}

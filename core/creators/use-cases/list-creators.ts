import type { UserRepository } from '../../users/ports.ts';
import { type CreatorListing, withAccounts } from '../model/creator-listing.ts';
import type { CreatorRepository } from '../ports.ts';

export class ListCreators {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly users: UserRepository,
  ) {}

  async execute(): Promise<CreatorListing[]> {
    return withAccounts(this.users, await this.creators.list());
  }
}

import { NotFoundError } from '../shared/errors.ts';
import type { WhitelistApplication } from './application.ts';
import type { WhitelistApplicationRepository } from './ports.ts';

export class ApplicationNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('APPLICATION_NOT_FOUND', `No whitelist application with id '${id}' exists.`);
  }
}

export class ShowApplication {
  constructor(private readonly applications: WhitelistApplicationRepository) {}

  async execute(input: { id: string }): Promise<WhitelistApplication> {
    const found = await this.applications.findById(input.id);
    if (!found) throw new ApplicationNotFoundError(input.id);
    return found;
  }
}

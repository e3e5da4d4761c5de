import type { Clock } from '../../shared/ports.ts';
import type { Creator } from '../model/creator.ts';
import { CreatorNotFoundError } from '../errors.ts';
import type { CreatorRepository } from '../ports.ts';

/** Stops a code being taken at checkout; what it brought in stays in the reports. Disabling twice changes nothing. */
export class DisableCreatorCode {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { code: string }): Promise<Creator> {
    const creator = await this.creators.disable(input.code.trim(), this.clock.now());
    if (!creator) throw new CreatorNotFoundError(input.code.trim());
    return creator;
  }
}

import { codeKey } from '../model/creator.ts';
import { CreatorCodeDisabledError, CreatorCodeUnknownError, OwnCreatorCodeError } from '../errors.ts';
import type { CreatorRepository } from '../ports.ts';

/**
 * The creator a buyer supports with a code: unknown and disabled codes are refused, and so is a creator's own code
 * (a share of their own spending is no promotion). Answers the code as registered.
 */
export class CheckCreatorCode {
  constructor(private readonly creators: CreatorRepository) {}

  async execute(input: { code: string; buyerId: string }): Promise<{ id: string; code: string }> {
    const shown = input.code.trim();
    const creator = codeKey(shown) ? await this.creators.findByCode(shown) : null;
    if (!creator) throw new CreatorCodeUnknownError(shown);
    if (creator.disabledAt) throw new CreatorCodeDisabledError(creator.code);
    if (creator.userId === input.buyerId) throw new OwnCreatorCodeError(creator.code);
    return { id: creator.id, code: creator.code };
  }
}

import type { CreatorCodes } from '../../purchases/ports.ts';
import { codeKey } from '../model/creator.ts';
import { CreatorCodeDisabledError, CreatorCodeUnknownError, OwnCreatorCodeError } from '../errors.ts';
import type { CreatorRepository } from '../ports.ts';

/**
 * The creator a buyer supports with a code: unknown and disabled codes are refused, and so is a creator's own code
 * (a share of their own spending is no promotion). Answers the code as registered.
 */
export class CheckCreatorCode implements CreatorCodes {
  constructor(private readonly creators: CreatorRepository) {}

  async resolve(code: string, buyerId: string): Promise<{ id: string; code: string }> {
    const shown = code.trim();
    const creator = codeKey(shown) ? await this.creators.findByCode(shown) : null;
    if (!creator) throw new CreatorCodeUnknownError(shown);
    if (creator.disabledAt) throw new CreatorCodeDisabledError(creator.code);
    if (creator.userId === buyerId) throw new OwnCreatorCodeError(creator.code);
    return { id: creator.id, code: creator.code };
  }

  execute(input: { code: string; buyerId: string }): Promise<{ id: string; code: string }> {
    return this.resolve(input.code, input.buyerId);
  }
}

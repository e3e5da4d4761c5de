import { InvalidInputError } from '../../shared/errors.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import type { UserRepository } from '../../users/ports.ts';
import { UserNotFoundError } from '../../users/errors.ts';
import { displayName } from '../../users/model/user.ts';
import { type Creator, creatorCodeSchema, sharePercentSchema } from '../model/creator.ts';
import { AlreadyCreatorError, CreatorCodeTakenError } from '../errors.ts';
import type { CreatorRepository } from '../ports.ts';

export interface RegisterCreatorInput {
  /** an existing player account */
  discordId: string;
  code: string;
  sharePercent: number;
}

/** Makes a player a creator with a code of their own and a share of the money their code brings in. */
export class RegisterCreator {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly users: UserRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: RegisterCreatorInput): Promise<Creator> {
    const code = creatorCodeSchema.safeParse(input.code);
    if (!code.success) throw new InvalidInputError('INVALID_CREATOR_CODE', code.error.issues[0].message);
    const share = sharePercentSchema.safeParse(input.sharePercent);
    if (!share.success) throw new InvalidInputError('INVALID_SHARE', share.error.issues[0].message);
    const user = await this.users.findByDiscordId(input.discordId.trim());
    if (!user) throw new UserNotFoundError(`with Discord ID ${input.discordId}`);
    const creator: Creator = {
      id: this.ids.next(),
      userId: user.id,
      code: code.data,
      sharePercent: share.data,
      createdAt: this.clock.now(),
      disabledAt: null,
    };
    const outcome = await this.creators.add(creator);
    if (outcome === 'code_taken') throw new CreatorCodeTakenError(code.data);
    if (outcome === 'already_creator') {
      const existing = await this.creators.findByUser(user.id);
      throw new AlreadyCreatorError(displayName(user), existing?.code ?? '?');
    }
    return creator;
  }
}

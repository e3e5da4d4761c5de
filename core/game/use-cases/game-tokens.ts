import { InvalidInputError, NotFoundError, type ErrorIssue } from '../../shared/errors.ts';
import { applyTokenChange, type TokenChangeDeps } from '../../tokens/model/apply-token-change.ts';
import { TOKEN_AMOUNT_MAX, TOKEN_REASON_MAX, TOKEN_REFERENCE_MAX } from '../../tokens/model/ledger-entry.ts';
import type { UserRepository } from '../../users/ports.ts';
import { checkedDiscordId } from '../model/player-access.ts';

/** the game's references live apart from the site's own */
const PREFIX = 'game:';
const REASON_PREFIX = 'In game: ';

export interface GameTokenChangeInput {
  discordId: string;
  /** positive credits, negative spends */
  amount: number;
  /** the game's own id for this change: the same reference is applied once */
  reference: string;
  reason: string;
}

export interface GameTokenChangeResult {
  discordId: string;
  /** the balance right after the change (for a repeat: right after the first time) */
  balance: number;
  /** the reference had been applied before: nothing changed now */
  duplicate: boolean;
}

/** Tokens credited or spent in game, once per reference; a spend beyond the balance is refused (409). */
export class GameTokenChange {
  constructor(
    private readonly users: UserRepository,
    private readonly deps: TokenChangeDeps,
  ) {}

  async execute(input: GameTokenChangeInput): Promise<GameTokenChangeResult> {
    const { amount, reference, reason } = checked(input);
    const user = await this.users.findByDiscordId(checkedDiscordId(input.discordId));
    if (!user)
      throw new NotFoundError(
        'PLAYER_NOT_FOUND',
        `No player with Discord id ${input.discordId} has signed in to the site yet.`,
      );
    const result = await applyTokenChange(
      this.deps,
      {
        userId: user.id,
        amount: Math.abs(amount),
        reason: `${REASON_PREFIX}${reason}`,
        reference: `${PREFIX}${reference}`,
      },
      amount > 0 ? 1 : -1,
    );
    return { discordId: input.discordId, balance: result.balance, duplicate: result.duplicate };
  }
}

function checked(input: GameTokenChangeInput) {
  const issues: ErrorIssue[] = [];
  const reference = typeof input.reference === 'string' ? input.reference.trim() : '';
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!Number.isSafeInteger(input.amount) || input.amount === 0 || Math.abs(input.amount) > TOKEN_AMOUNT_MAX)
    issues.push({
      path: 'amount',
      message: `Amount must be a whole number from 1 to ${TOKEN_AMOUNT_MAX} (negative to spend), not 0.`,
    });
  if (!reference || reference.length > TOKEN_REFERENCE_MAX - PREFIX.length)
    issues.push({
      path: 'reference',
      message: `Reference must be 1 to ${TOKEN_REFERENCE_MAX - PREFIX.length} characters.`,
    });
  if (!reason || reason.length > TOKEN_REASON_MAX - REASON_PREFIX.length)
    issues.push({
      path: 'reason',
      message: `Reason must be 1 to ${TOKEN_REASON_MAX - REASON_PREFIX.length} characters.`,
    });
  if (issues.length > 0)
    throw new InvalidInputError(
      'INVALID_TOKEN_CHANGE',
      `Invalid token change. ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
      issues,
    );
  return { amount: input.amount, reference, reason };
}

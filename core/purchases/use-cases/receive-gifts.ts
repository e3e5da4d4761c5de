import { displayName, type User } from '../../users/model/user.ts';
import type { Purchase } from '../model/purchase.ts';
import type { PurchaseRepository } from '../ports.ts';
import type { PurchaseSettlement } from '../model/purchase-settlement.ts';

/**
 * A player signing in receives the paid gifts that waited for their account. Each is delivered once: of two
 * sign-ins at once, the one that takes the purchase's row lock first delivers it and the other finds it delivered.
 */
export class ReceiveGifts {
  constructor(
    private readonly purchases: PurchaseRepository,
    private readonly settlement: PurchaseSettlement,
  ) {}

  /** answers the gifts this call delivered */
  async execute(player: Pick<User, 'id' | 'discordId' | 'username' | 'discordUsername'>): Promise<Purchase[]> {
    const delivered: Purchase[] = [];
    const recipient = { userId: player.id, name: displayName(player) };
    for (const waiting of await this.purchases.giftsAwaiting(player.discordId)) {
      const gift = await this.settlement.deliverGift(waiting, recipient);
      if (gift) delivered.push(gift);
    }
    return delivered;
  }
}

import type { Purchase } from '../../purchases/model/purchase.ts';
import type { PurchaseRepository } from '../../purchases/ports.ts';

const PAGE = 200;

/** Every purchase of a player's (those they bought and the gifts delivered to them), newest first, read a page at a time. */
export async function purchasesOf(
  purchases: Pick<PurchaseRepository, 'listByBuyer'>,
  userId: string,
): Promise<Purchase[]> {
  const all: Purchase[] = [];
  for (let before: string | undefined; ; ) {
    const page = await purchases.listByBuyer(userId, { limit: PAGE, ...(before ? { before } : {}) });
    all.push(...page);
    if (page.length < PAGE) return all;
    before = page[page.length - 1]?.id;
  }
}

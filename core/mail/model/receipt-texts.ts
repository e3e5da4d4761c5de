import type { Membership } from '../../memberships/model/membership.ts';
import type { Purchase } from '../../purchases/model/purchase.ts';
import { withdrawalConsentText } from '../../purchases/model/withdrawal-consent.ts';
import { BRAND } from '../../shared/brand.ts';
import { billingDay } from '../../shared/dates.ts';
import type { ReceiptLinks } from '../ports.ts';
import type { AmountLine, Fact, MailContent } from './mail-content.ts';

/**
 * What each email says. Plain and short, in the site's words; amounts as the site writes them. Everything a buyer
 * reads on their receipt page is here: the item, its price and what took it down, the consent they gave, the
 * purchase's id and the page itself.
 */
export const receiptTexts = {
  /** a completed purchase (a gift's too, to its buyer), a Priority Pass's first month, an upgrade */
  purchase(purchase: Purchase, links: ReceiptLinks): MailContent {
    const item = shortName(purchase);
    const gift = purchase.gift;
    const intro = gift
      ? `Thanks for your gift of ${item} to ${gift.name}. ${
          gift.deliveredAt
            ? 'It is in their account now.'
            : 'They receive it when they first sign in to the store with Discord.'
        }`
      : `Thanks for your purchase of ${item}. This is your receipt.`;
    return {
      subject: `Your ${BRAND} receipt: ${item}`,
      greeting: greeting(purchase.buyerDiscord),
      intro: [intro],
      amounts: [...priceLines(purchase), ...paidLines(purchase, 'Total paid')],
      facts: [
        ...purchaseFacts(purchase, 'Paid on', purchase.completedAt ?? purchase.updatedAt),
        ...tokenFacts(purchase),
        ...consentFacts(purchase),
      ],
      notes: [],
      links: [{ text: 'See your receipt', url: links.receipt(purchase.id) }],
    };
  },

  /** a Priority Pass month paid by its renewal */
  renewal(purchase: Purchase, links: ReceiptLinks): MailContent {
    const until = purchase.billing?.periodEnd;
    return {
      subject: `Your ${purchase.productName} Priority Pass renewed`,
      greeting: greeting(purchase.buyerDiscord),
      intro: [
        `Your ${purchase.productName} Priority Pass renewed for another month${until ? `: it now runs until ${billingDay(until)}` : ''}. This is your receipt.`,
      ],
      amounts: [...priceLines(purchase), ...paidLines(purchase, 'Total paid')],
      facts: [
        ...purchaseFacts(purchase, 'Paid on', purchase.completedAt ?? purchase.updatedAt),
        ...tokenFacts(purchase),
        ...consentFacts(purchase),
      ],
      notes: [
        'To stop the renewals, cancel your Priority Pass on your account page: it then runs to the end of the month paid for.',
      ],
      links: [
        { text: 'See your receipt', url: links.receipt(purchase.id) },
        { text: 'Your account', url: links.account },
      ],
    };
  },

  /** a purchase paid back */
  refund(purchase: Purchase, links: ReceiptLinks): MailContent {
    const item = shortName(purchase);
    const demo = purchase.gateway === 'demo';
    return {
      subject: `Your refund for ${item}`,
      greeting: greeting(purchase.buyerDiscord),
      intro: [
        `Your purchase of ${item} has been refunded.`,
        demo
          ? 'It was paid with the demo gateway, so no money was taken and none moves.'
          : 'The money goes back to the card or account you paid with; your bank decides how soon it shows.',
      ],
      amounts: [...priceLines(purchase), ...paidLines(purchase, 'Refunded')],
      facts: [...purchaseFacts(purchase, 'Refunded on', purchase.updatedAt), ...consentFacts(purchase)],
      notes: [],
      links: [{ text: 'See your receipt', url: links.receipt(purchase.id) }],
    };
  },

  /**
   * a Priority Pass renewal the provider declined: `message` is the one the player is told everywhere (why, and the
   * day benefits last to); `purchase` the month's charge, when it was recorded
   */
  renewalFailed(
    input: { membership: Membership; message: string; purchase: Purchase | null; tier: string },
    links: ReceiptLinks,
  ): MailContent {
    const { membership, purchase } = input;
    const facts: Fact[] = purchase ? purchaseFacts(purchase, 'Tried on', purchase.updatedAt, false) : [];
    if (membership.graceUntil) facts.push({ label: 'Benefits last until', value: billingDay(membership.graceUntil) });
    if (purchase) facts.push(...consentFacts(purchase));
    return {
      subject: `Your ${input.tier} Priority Pass renewal did not go through`,
      greeting: greeting(purchase?.buyerDiscord ?? null),
      intro: [input.message],
      amounts: purchase
        ? [...priceLines(purchase), { label: 'Amount due', amount: dollars(purchase.priceCents), total: true }]
        : [],
      facts,
      notes: [],
      links: [
        { text: 'Update your card on your account page', url: links.account },
        ...(purchase ? [{ text: 'See the renewal', url: links.receipt(purchase.id) }] : []),
      ],
    };
  },

  /** a gift delivered, to its recipient: who gave it and what, and nothing of how it was paid (as their receipt shows it) */
  giftReceived(purchase: Purchase, links: ReceiptLinks): MailContent {
    const item = shortName(purchase);
    const from = purchase.buyerDiscord ?? 'Another player';
    const tokens =
      purchase.tokensGranted > 0 ? ` ${tokenWords(purchase.tokensGranted)} were added to your balance.` : '';
    return {
      subject: `You received a gift: ${item}`,
      greeting: greeting(purchase.gift?.name ?? null),
      intro: [`${from} bought you ${item} on the ${BRAND} store. It is in your account now.${tokens}`],
      amounts: [{ label: item, amount: 'Gift' }],
      facts: purchaseFacts(purchase, 'Received on', purchase.gift?.deliveredAt ?? purchase.updatedAt, false),
      notes: [],
      links: [{ text: 'See it on your account', url: links.receipt(purchase.id) }],
    };
  },
};

/** "$1,234.50", "-$5.00": as the site writes an amount */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.round(Math.abs(cents));
  const grouped = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}.${String(whole % 100).padStart(2, '0')}`;
}

/** "Nov 30, 2026, 14:02 UTC" */
export function dayAndTime(date: Date): string {
  const at = new Date(date);
  const hh = String(at.getUTCHours()).padStart(2, '0');
  const mm = String(at.getUTCMinutes()).padStart(2, '0');
  return `${billingDay(at)}, ${hh}:${mm} UTC`;
}

const greeting = (name: string | null | undefined) => (name ? `Hi ${name},` : 'Hi,');

const tokenWords = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'token' : 'tokens'}`;

/** the item as a subject names it: a gifted pass with its months, a pass's month as its pass */
function shortName(purchase: Purchase): string {
  const months = purchase.gift?.months;
  if (months) return `${purchase.productName} Priority Pass (${months} ${months === 1 ? 'month' : 'months'})`;
  const billing = purchase.billing;
  if (!billing) return purchase.productName;
  return `${purchase.productName} Priority Pass${billing.reason === 'upgrade' ? ' upgrade' : ''}`;
}

/** the item as the amounts list it: a pass's month with its dates */
function itemName(purchase: Purchase): string {
  const billing = purchase.billing;
  if (!billing || purchase.gift?.months || billing.reason === 'upgrade') return shortName(purchase);
  const period =
    billing.periodStart && billing.periodEnd
      ? `, ${billingDay(billing.periodStart)} to ${billingDay(billing.periodEnd)}`
      : '';
  return `${purchase.productName} Priority Pass${period}`;
}

/** the item at its list price, then what a sale and a coupon took off it */
function priceLines(purchase: Purchase): AmountLine[] {
  const item = itemName(purchase);
  const discount = purchase.discount;
  if (!discount || discount.listPriceCents <= purchase.priceCents)
    return [{ label: item, amount: dollars(purchase.priceCents) }];
  const couponCents = discount.coupon?.cents ?? 0;
  const saleCents = discount.listPriceCents - purchase.priceCents - couponCents;
  const lines: AmountLine[] = [{ label: item, amount: dollars(discount.listPriceCents) }];
  if (saleCents > 0)
    lines.push({
      label: discount.sale ? `${discount.sale.name} sale (${discount.sale.percentOff}% off)` : 'Discount',
      amount: dollars(-saleCents),
    });
  if (discount.coupon && couponCents > 0)
    lines.push({ label: `Coupon ${discount.coupon.code}`, amount: dollars(-couponCents) });
  return lines;
}

/** the total; where the provider took another amount than the price (a code it reported), that amount too */
function paidLines(purchase: Purchase, label: string): AmountLine[] {
  const paid = purchase.amountPaidCents ?? purchase.priceCents;
  if (paid === purchase.priceCents) return [{ label, amount: dollars(paid), total: true }];
  return [
    { label: 'Price', amount: dollars(purchase.priceCents), total: true },
    { label, amount: dollars(paid), total: true },
  ];
}

const GATEWAYS: Record<NonNullable<Purchase['gateway']>, string> = {
  demo: 'the demo gateway (no money was taken)',
  stripe: 'card, through Stripe',
  tebex: 'Tebex',
};

/** the purchase's id and date; to its buyer, how it was paid too */
function purchaseFacts(purchase: Purchase, dateLabel: string, date: Date, payment = true): Fact[] {
  const facts: Fact[] = [
    { label: 'Purchase ID', value: purchase.id },
    { label: dateLabel, value: dayAndTime(date) },
  ];
  const transaction = purchase.paymentReference ?? purchase.paymentIntentId;
  if (payment && transaction)
    facts.push(
      { label: 'Paid with', value: GATEWAYS[purchase.gateway ?? 'demo'] },
      { label: 'Transaction ID', value: transaction },
    );
  return facts;
}

function tokenFacts(purchase: Purchase): Fact[] {
  if (purchase.tokensGranted <= 0) return [];
  const gift = purchase.gift;
  const value = gift
    ? `${tokenWords(purchase.tokensGranted)} for ${gift.name}${gift.deliveredAt ? '' : ' once they sign in'}`
    : tokenWords(purchase.tokensGranted);
  return [{ label: 'Tokens', value }];
}

/** the consent the buyer gave before paying, in the words they ticked; nothing where none was recorded */
function consentFacts(purchase: Purchase): Fact[] {
  const consent = purchase.withdrawalConsent;
  if (!consent) return [];
  const wording = withdrawalConsentText(consent.version);
  const at = dayAndTime(consent.givenAt);
  return [
    {
      label: 'Your consent',
      value: wording
        ? `"${wording}" (ticked ${at})`
        : `Delivery at once, and the end of your 14-day right of withdrawal with it (ticked ${at}, wording of ${consent.version})`,
    },
  ];
}

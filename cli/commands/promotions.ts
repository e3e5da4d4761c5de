import { Option, type Command } from 'commander';
import type { System } from '../../adapters/compose.ts';
import { presentCoupon, presentSale } from '../../adapters/http/presenters/promotions.ts';
import type { CouponDto, SaleDto } from '../../adapters/http/contract/promotions.ts';
import { PRODUCT_TYPES, type ProductType } from '../../core/catalogue/model/product.ts';
import { dollarsToCents, formatUsd } from '../../core/shared/money.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';

/** a comma-separated list, without empty items */
const listOf = (value: string | undefined) =>
  value === undefined
    ? []
    : value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);

/** a whole number as typed; anything else reaches the core as NaN and is refused there with a clear message */
const countOf = (value: string | undefined) =>
  value === undefined ? null : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');

async function adminId(system: System, discordId: string | undefined): Promise<string | null> {
  return discordId ? (await system.core.users.findByDiscordId.execute(discordId)).id : null;
}

function couponLine(coupon: CouponDto): string {
  const off = coupon.percentOff !== null ? `${coupon.percentOff}%` : formatUsd(dollarsToCents(coupon.amountOff ?? 0));
  const uses = `${coupon.uses}/${coupon.maxUses ?? '∞'} uses`;
  const on = [...coupon.productTypes, ...coupon.productIds].join(',') || 'everything';
  return oneLine(
    [
      coupon.code.padEnd(16),
      off.padStart(7),
      coupon.state.padEnd(9),
      uses.padEnd(14),
      `until ${when(coupon.expiresAt)}`,
      on,
    ].join('  '),
  );
}

function saleLine(sale: SaleDto): string {
  const on = [...sale.productTypes, ...sale.productIds].join(',') || 'everything';
  return oneLine(
    [
      sale.id,
      `${sale.percentOff}%`.padStart(4),
      sale.state.padEnd(9),
      `${when(sale.startsAt)} to ${when(sale.endsAt)}`,
      sale.name,
      on,
    ].join('  '),
  );
}

/** `<parent> list [--json]`: the rows as the API presents them, one line each, or as JSON (amounts in dollars) */
function listCommand<T>(
  parent: Command,
  context: CliContext,
  list: { description: string; empty: string; rows: (system: System) => Promise<T[]>; line: (row: T) => string },
): void {
  parent
    .command('list')
    .description(list.description)
    .option('--json', 'print JSON (amounts in dollars, as the API)')
    .action((options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const rows = await list.rows(system);
        if (options.json) return context.out(terminalJson(rows));
        if (rows.length === 0) return context.out(list.empty);
        for (const row of rows) context.out(list.line(row));
      }),
    );
}

interface CouponOptions {
  percent?: string;
  amount?: string;
  products?: string;
  types?: string;
  maxUses?: string;
  perPlayer?: string;
  starts?: string;
  expires?: string;
  months?: string;
  as?: string;
}

export function registerPromotionCommands(program: Command, context: CliContext): void {
  const coupons = program.command('coupons').description('Coupon codes: create, list, show, disable');

  coupons
    .command('create <code>')
    .description('Create a coupon code (case-insensitive) taking a percent or an amount off')
    .addOption(new Option('--percent <n>', 'percent off, 1 to 100').conflicts('amount'))
    .option('--amount <usd>', 'dollars off, like 5 or 2.50')
    .option('--products <ids>', 'only these catalogue ids, comma-separated')
    .option('--types <types>', `only these product types, comma-separated: ${PRODUCT_TYPES.join(', ')}`)
    .option('--max-uses <n>', 'uses in all')
    .option('--per-player <n>', 'uses by one player')
    .option('--starts <iso>', 'usable from, like 2026-12-01T00:00:00Z')
    .option('--expires <iso>', 'usable until')
    .option('--months <n>', "Priority Pass: the monthly charges it lowers, or 'forever' (default: the first)")
    .option('--as <discordId>', 'the admin creating it, recorded with the coupon')
    .action((code: string, options: CouponOptions) =>
      context.withSystem(async (system) => {
        const created = await system.core.promotions.createCoupon.execute({
          code,
          percentOff: options.percent === undefined ? undefined : (countOf(options.percent) ?? undefined),
          amountOffCents: options.amount === undefined ? undefined : dollarsToCents(Number(options.amount)),
          productIds: listOf(options.products),
          productTypes: listOf(options.types) as ProductType[],
          maxUses: countOf(options.maxUses),
          perPlayer: countOf(options.perPlayer),
          startsAt: options.starts ?? null,
          expiresAt: options.expires ?? null,
          months: options.months === 'forever' ? null : (countOf(options.months) ?? undefined),
          createdBy: await adminId(system, options.as),
        });
        context.out(`Created ${couponLine(presentCoupon({ ...created, uses: 0 }, system.clock.now()))}`);
      }),
    );

  listCommand(coupons, context, {
    description: 'Every coupon, newest first, with its uses',
    empty: 'No coupons yet.',
    rows: async (system) => {
      const now = system.clock.now();
      return (await system.core.promotions.listCoupons.execute()).map((coupon) => presentCoupon(coupon, now));
    },
    line: couponLine,
  });

  coupons
    .command('show <code>')
    .description('One coupon, by its code in any case')
    .option('--json', 'print JSON')
    .action((code: string, options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const coupon = presentCoupon(await system.core.promotions.showCoupon.execute({ code }), system.clock.now());
        if (options.json) return context.out(terminalJson(coupon));
        for (const [key, value] of Object.entries(coupon))
          context.out(
            `${key.padEnd(14)} ${oneLine(Array.isArray(value) ? value.join(', ') || '-' : String(value ?? '-'))}`,
          );
      }),
    );

  coupons
    .command('disable <code>')
    .description('Stop a coupon for good: checkouts refuse it from now on')
    .action((code: string) =>
      context.withSystem(async (system) => {
        const coupon = await system.core.promotions.disableCoupon.execute({ code });
        context.out(`Disabled ${coupon.code}: checkouts refuse it from now on.`);
      }),
    );

  const sales = program.command('sales').description('Timed sales: create, list, end');

  sales
    .command('create <name>')
    .description('Put products on sale, a percent off between two instants')
    .requiredOption('--percent <n>', 'percent off, 1 to 90')
    .option('--products <ids>', 'only these catalogue ids, comma-separated')
    .option('--types <types>', `only these product types, comma-separated: ${PRODUCT_TYPES.join(', ')}`)
    .option('--starts <iso>', 'when it starts (default: now)')
    .requiredOption('--ends <iso>', 'when it ends, like 2026-12-01T00:00:00Z')
    .option('--as <discordId>', 'the admin creating it, recorded with the sale')
    .action(
      (
        name: string,
        options: { percent: string; products?: string; types?: string; starts?: string; ends: string; as?: string },
      ) =>
        context.withSystem(async (system) => {
          const sale = await system.core.promotions.createSale.execute({
            name,
            percentOff: countOf(options.percent) ?? Number.NaN,
            productIds: listOf(options.products),
            productTypes: listOf(options.types) as ProductType[],
            startsAt: options.starts ?? system.clock.now(),
            endsAt: options.ends,
            createdBy: await adminId(system, options.as),
          });
          context.out(`Created ${saleLine(presentSale(sale, system.clock.now()))}`);
        }),
    );

  listCommand(sales, context, {
    description: 'Every sale, newest first',
    empty: 'No sales yet.',
    rows: async (system) => {
      const now = system.clock.now();
      return (await system.core.promotions.listSales.execute()).map((sale) => presentSale(sale, now));
    },
    line: saleLine,
  });

  sales
    .command('end <id>')
    .description('End a sale now (prices go back to the catalogue price)')
    .action((id: string) =>
      context.withSystem(async (system) => {
        const sale = await system.core.promotions.endSale.execute({ id });
        context.out(`Ended ${saleLine(presentSale(sale, system.clock.now()))}`);
      }),
    );
}

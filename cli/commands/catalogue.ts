import { Option, type Command } from 'commander';
import { PRODUCT_TYPES, type ProductType } from '../../core/catalogue/model/product.ts';
import { formatUsd } from '../../core/shared/money.ts';
import { composeCatalogue } from '../../adapters/compose.ts';
import { presentProduct } from '../../adapters/http/presenters/catalogue.ts';
import { SALE_KIND_LABELS } from '../../core/catalogue/model/platform-rules.ts';
import { CliFailure, EXIT_CODES } from '../failure.ts';
import type { CliContext } from '../program.ts';
import { terminalJson } from '../terminal-text.ts';

export function registerCatalogueCommands(program: Command, context: CliContext): void {
  const catalogue = program.command('catalogue').description('Products and prices');
  catalogue
    .command('list')
    .description('List every product with its price and token grant')
    .addOption(new Option('--type <type>', 'only one kind of product').choices(PRODUCT_TYPES))
    .option('--json', 'print JSON (prices in dollars, as the API)')
    .action((options: { type?: ProductType; json?: boolean }) => {
      // the catalogue is static: no database needed
      const products = composeCatalogue(context.config().store).list.execute({ type: options.type });
      if (options.json) {
        context.out(terminalJson(products.map(presentProduct)));
        return;
      }
      for (const product of products) {
        const tokens = product.fixedTokens === null ? '1 token per $1' : `${product.fixedTokens} tokens`;
        const price = product.priceCents === null ? 'options below' : formatUsd(product.priceCents);
        const aliases = product.aliases.length ? ` (also: ${product.aliases.join(', ')})` : '';
        context.out(
          `${product.type.padEnd(9)} ${product.id.padEnd(22)} ${product.name.padEnd(22)} ${price.padEnd(14)} ${tokens}${aliases}`,
        );
        for (const option of product.options) {
          context.out(
            `${''.padEnd(9)}   option ${option.id.padEnd(20)} ${option.label.padEnd(20)} ${formatUsd(option.priceCents)}`,
          );
        }
      }
    });

  catalogue
    .command('check')
    .description(
      "Read every item against the FiveM platform's rules (a currency, random rewards, access itself); exit 1 when any risks them",
    )
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) => {
      const report = composeCatalogue(context.config().store).checkPlatformRules.execute();
      const risky = report.items.filter((item) => item.risks.length > 0);
      if (options.json) context.out(terminalJson(report));
      else {
        context.out(
          report.fivemListed
            ? 'The FiveM platform licence applies (FIVEM_LISTED): payments go through Tebex alone.'
            : 'FIVEM_LISTED=false: the server is not listed on FiveM; the platform licence is read here all the same.',
        );
        context.out(
          report.purchaseTokens
            ? 'Purchases credit tokens (PURCHASE_TOKENS=on).'
            : 'Purchases credit no tokens (PURCHASE_TOKENS=off).',
        );
        for (const item of report.items) {
          const head = `${item.type.padEnd(9)} ${item.id.padEnd(22)} ${SALE_KIND_LABELS[item.sells].padEnd(15)}`;
          if (item.risks.length === 0) context.out(`${head} keeps to the rules`);
          for (const risk of item.risks) context.out(`${head} RISK ${risk.rule}: ${risk.why}`);
        }
      }
      if (risky.length > 0)
        throw new CliFailure(
          `${risky.length} of ${report.items.length} items risk the platform's rules: ${risky.map((item) => item.id).join(', ')}.`,
          EXIT_CODES.failure,
        );
      if (!options.json) context.out(`All ${report.items.length} items keep to the platform's rules.`);
    });
}

import { Option, type Command } from 'commander';
import { PRODUCT_TYPES, type ProductType } from '../../core/catalogue/model/product.ts';
import { formatUsd } from '../../core/shared/money.ts';
import { composeCatalogue } from '../../adapters/compose.ts';
import { presentProduct } from '../../adapters/http/presenters/catalogue.ts';
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
      const products = composeCatalogue().list.execute({ type: options.type });
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
}

import type { Command } from 'commander';
import { formatUsd } from '../../core/shared/money.ts';
import { CliFailure, EXIT_CODES } from '../failure.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';

export function registerTebexCommands(program: Command, context: CliContext): void {
  const tebex = program.command('tebex').description("Tebex, the FiveM store gateway: the webstore's packages");

  tebex
    .command('sync')
    .description(
      "Match every catalogue item to a package of the Tebex webstore (TEBEX_PACKAGE_MAP's id, else the package with the item's name) and store the map; refused while any item has no package",
    )
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const adapters = system.payments.tebex;
        if (!adapters)
          throw new CliFailure(
            'Tebex does not take payments here: set PAYMENT_GATEWAY=tebex with TEBEX_PUBLIC_TOKEN, TEBEX_PRIVATE_KEY and TEBEX_WEBHOOK_SECRET.',
            EXIT_CODES.usage,
          );
        const { stored, ...report } = await adapters.syncPackages.execute({ now: system.clock.now() });
        if (options.json) context.out(terminalJson({ stored, ...report }));
        else {
          for (const entry of report.entries)
            context.out(
              oneLine(
                `${entry.itemKey.padEnd(36)} package ${String(entry.packageId).padEnd(10)} ${formatUsd(entry.priceCents).padStart(9)}  ${entry.packageName}`,
              ),
            );
          for (const item of report.missing) context.out(oneLine(`${item.key.padEnd(36)} NO PACKAGE (${item.name})`));
          for (const item of report.priceDiffers)
            context.out(
              oneLine(
                `${item.name}: ${formatUsd(item.catalogueCents)} in the catalogue but ${formatUsd(item.tebexCents)} on Tebex; it is not sold until they match.`,
              ),
            );
        }
        if (!stored)
          throw new CliFailure(
            `No map stored: ${report.missing.length} catalogue item(s) have no Tebex package (${report.missing.map((item) => item.name).join(', ')}). Add packages with these names, or name them in TEBEX_PACKAGE_MAP.`,
            EXIT_CODES.conflict,
          );
        if (!options.json)
          context.out(
            `Stored the map of ${report.entries.length} items${report.priceDiffers.length > 0 ? `; ${report.priceDiffers.length} price(s) differ` : ''}.`,
          );
      }),
    );
}

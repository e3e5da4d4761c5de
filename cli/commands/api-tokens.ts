import { Option, type Command } from 'commander';
import type { ApiToken } from '../../core/api-tokens/model/api-token.ts';
import { API_SCOPES } from '../../core/api-tokens/model/scopes.ts';
import { presentApiToken } from '../../adapters/http/presenters/api-tokens.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';
import { reviewerFor } from './applications.ts';

const collect = (value: string, previous: string[]) => [...previous, value];

function tokenLine(token: ApiToken): string {
  const state = token.revokedAt
    ? `revoked ${token.revokedAt.toISOString()} by ${token.revokedByName}`
    : `last used ${token.lastUsedAt?.toISOString() ?? 'never'}`;
  return oneLine(
    `${token.id}  ${token.name}  [${token.scopes.join(', ')}]  by ${token.createdByName} ${token.createdAt.toISOString()}  ${state}`,
  );
}

/** API tokens for other tools (decision 0109): made by an admin named with --as, whose permissions the token follows. */
export function registerApiTokenCommands(program: Command, context: CliContext): void {
  const tokens = program.command('api-tokens').description('API tokens other tools read the site with');

  tokens
    .command('create')
    .description('Make a token; its secret is printed once, and the site keeps only its hash')
    .requiredOption('--name <name>', 'what the token is for, like "Stats board"')
    .addOption(
      new Option('--scope <scope>', `a scope to give it, one of ${API_SCOPES.join(', ')} (repeat for more)`)
        .argParser(collect)
        .default([]),
    )
    .requiredOption(
      '--as <discordId>',
      "the admin making it: holds 'manage-integrations' and each scope's permission, and the token reads only while they do",
    )
    .option('--json', 'print JSON')
    .action((options: { name: string; scope: string[]; as: string; json?: boolean }) =>
      context.withSystem(async (system) => {
        const actor = await reviewerFor(system, options.as);
        const made = await system.core.apiTokens.create.execute({
          token: { name: options.name, scopes: options.scope as never },
          actor,
        });
        if (options.json) return context.out(terminalJson({ token: presentApiToken(made.token), secret: made.secret }));
        context.out(`Created ${tokenLine(made.token)}`);
        context.out('Token (shown once; the site keeps only its hash, so store it now):');
        context.out(made.secret);
      }),
    );

  tokens
    .command('list')
    .description('Every token, newest first, revoked ones too (never their secrets)')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const list = await system.core.apiTokens.list.execute({ actor: null });
        if (options.json) return context.out(terminalJson(list.map(presentApiToken)));
        if (list.length === 0) return context.out('No API tokens yet.');
        for (const token of list) context.out(tokenLine(token));
      }),
    );

  tokens
    .command('revoke <id>')
    .description('Revoke a token: its next request is refused')
    .option('--as <discordId>', 'the admin revoking it, recorded with the token')
    .action((id: string, options: { as?: string }) =>
      context.withSystem(async (system) => {
        const actor = options.as ? await reviewerFor(system, options.as) : null;
        const token = await system.core.apiTokens.revoke.execute({ id, actor });
        context.out(`Revoked ${tokenLine(token)}`);
      }),
    );
}

import { setTimeout as sleep } from 'node:timers/promises';
import type { Command } from 'commander';
import type { System } from '../../adapters/compose.ts';
import { presentWebhookEndpoint, presentWebhookMessage } from '../../adapters/http/presenters/webhooks.ts';
import type { WebhookMessage, WebhookMessageWithAttempts } from '../../core/webhooks/model/webhook-message.ts';
import type { WebhookEndpointSummary } from '../../core/webhooks/use-cases/list-webhook-endpoints.ts';
import { WEBHOOK_EVENT_TYPES } from '../../core/webhooks/model/webhook-events.ts';
import type { CliContext } from '../program.ts';
import { oneLine, terminalJson } from '../terminal-text.ts';
import { actorName } from './grants.ts';

const stamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

function endpointLine({ endpoint, last }: WebhookEndpointSummary): string {
  const result = last ? `last ${last.status} ${stamp(last.at)}` : 'nothing sent yet';
  return oneLine(
    [endpoint.id, endpoint.url, endpoint.events.join(','), result, endpoint.description].filter(Boolean).join('  '),
  );
}

function messageLines(message: WebhookMessage & { tries?: WebhookMessageWithAttempts['tries'] }): string[] {
  const head = oneLine(
    [
      message.id,
      stamp(message.createdAt),
      message.status.padEnd(9),
      message.type.padEnd(20),
      `tries ${message.attempts}`,
      message.resendOf ? `resends ${message.resendOf}` : '',
    ]
      .filter(Boolean)
      .join('  '),
  );
  const tries = (message.tries ?? []).map((tried) =>
    oneLine(
      `    try ${tried.number} ${stamp(tried.at)}  ${tried.statusCode ?? 'no answer'}  ${tried.durationMs} ms  ${
        tried.error ?? tried.responseBody ?? ''
      }`,
    ),
  );
  return [head, ...tries];
}

/** Sends the queued message now (no server needs to be running), waiting a little while a server's worker has it. */
async function sendNow(system: System, message: WebhookMessage): Promise<WebhookMessageWithAttempts | undefined> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await system.core.webhooks.sendDue.execute();
    const rows = await system.core.webhooks.messages.execute({ endpointId: message.endpointId });
    const row = rows.find((each) => each.id === message.id);
    const busy = row?.status === 'sending' || (row?.status === 'pending' && row.nextAttemptAt.getTime() <= Date.now());
    if (!busy || Date.now() > deadline) return row;
    await sleep(200);
  }
}

export function registerWebhookCommands(program: Command, context: CliContext): void {
  const webhooks = program
    .command('webhooks')
    .description("Outbound webhooks: the endpoints that hear the site's events, their messages, tests and resends");

  webhooks
    .command('add <url>')
    .description('Register an endpoint; prints its signing secret, this once')
    .requiredOption('--events <events>', `events it hears, separated by commas: ${WEBHOOK_EVENT_TYPES.join(', ')}`)
    .option('--description <text>', 'what it is for', '')
    .option('--as <discordId>', 'the admin doing it')
    .option('--json', 'print JSON')
    .action((url: string, options: { events: string; description: string; as?: string; json?: boolean }) =>
      context.withSystem(async (system) => {
        const events = options.events
          .split(',')
          .map((each) => each.trim())
          .filter(Boolean);
        const { endpoint, secret } = await system.core.webhooks.add.execute({
          endpoint: { url, description: options.description, events: events as never },
          by: await actorName(system, options.as),
        });
        if (options.json) return context.out(terminalJson({ endpoint: presentWebhookEndpoint(endpoint), secret }));
        context.out(`Endpoint ${endpoint.id} registered for ${endpoint.events.join(', ')}.`);
        context.out(`Signing secret: ${secret}`);
        context.out('Keep it now: it is not shown again.');
      }),
    );

  webhooks
    .command('list')
    .description('List the endpoints, oldest first, with how their newest message went (never their secrets)')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      context.withSystem(async (system) => {
        const rows = await system.core.webhooks.list.execute();
        if (options.json)
          return context.out(terminalJson(rows.map(({ endpoint, last }) => presentWebhookEndpoint(endpoint, last))));
        if (rows.length === 0) return context.out('No webhook endpoints.');
        for (const row of rows) context.out(endpointLine(row));
        context.out(`${rows.length} ${rows.length === 1 ? 'endpoint' : 'endpoints'}`);
      }),
    );

  webhooks
    .command('remove <id>')
    .description('Remove an endpoint: it hears nothing more, and its messages still waiting fail')
    .option('--as <discordId>', 'the admin doing it')
    .action((id: string, options: { as?: string }) =>
      context.withSystem(async (system) => {
        await system.core.webhooks.remove.execute({ id, by: await actorName(system, options.as) });
        context.out(`Endpoint ${id} removed.`);
      }),
    );

  webhooks
    .command('test <id>')
    .description('Send a webhook.test message to an endpoint now, and print its answer')
    .option('--as <discordId>', 'the admin doing it')
    .action((id: string, options: { as?: string }) =>
      context.withSystem(async (system) => {
        const queued = await system.core.webhooks.test.execute({
          endpointId: id,
          by: await actorName(system, options.as),
        });
        const sent = await sendNow(system, queued);
        for (const line of messageLines(sent ?? queued)) context.out(line);
      }),
    );

  webhooks
    .command('messages <endpoint-id>')
    .description("An endpoint's recent messages, newest first, with every try's answer")
    .option('--limit <n>', 'how many (1-200)', '20')
    .option('--json', 'print JSON')
    .action((endpointId: string, options: { limit: string; json?: boolean }) =>
      context.withSystem(async (system) => {
        const rows = await system.core.webhooks.messages.execute({ endpointId, limit: Number(options.limit) || 20 });
        if (options.json) return context.out(terminalJson(rows.map(presentWebhookMessage)));
        if (rows.length === 0) return context.out('No messages yet.');
        for (const row of rows) for (const line of messageLines(row)) context.out(line);
        context.out(`${rows.length} ${rows.length === 1 ? 'message' : 'messages'}`);
      }),
    );

  webhooks
    .command('resend <message-id>')
    .description('Send a delivered or failed message again, as a fresh message, now')
    .action((messageId: string) =>
      context.withSystem(async (system) => {
        const queued = await system.core.webhooks.resend.execute({ messageId });
        const sent = await sendNow(system, queued);
        for (const line of messageLines(sent ?? queued)) context.out(line);
      }),
    );
}

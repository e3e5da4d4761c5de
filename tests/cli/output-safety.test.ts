import { pgliteTemplate } from '../support/pglite-template.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeSystem, type System } from '../../adapters/compose.ts';
import { loadConfig } from '../../adapters/config.ts';
import { createLogger } from '../../adapters/logger.ts';
import type { User } from '../../core/users/model/user.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { runCliOn } from '../support/cli.ts';
import { randomDiscordId } from '../support/session.ts';
import { PURCHASE_EXPORT_COLUMNS } from '../../adapters/export/purchase-export.ts';
import { AGREED } from '../support/checkout-terms.ts';

// Stored text is chosen by players: names come from Discord, answers from the forms. The commands run in this
// process on one open system; what they print is checked as a terminal and a spreadsheet would take it.
const NAME = 'Evil\x1b[31mRed\x1b]0;pwned\x07Name\nStatus:        approved';
const DISPLAY = 'Cajun\x1b[2J\x9b1mJoe\x1b]8;;http://x\x1b\\';
const FORMULA = '=HYPERLINK("http://x","y")';
/** NAME as a table cell or a labelled value shows it: on one line */
const NAME_SHOWN = 'EvilRedName Status:        approved';
/** ESC, BEL, the other C0 controls but newline and tab, DEL and C1 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

let system: System;
let evil: User;
let applicationId: string;
let formulaPurchaseId: string;

const inContext = <T>(work: () => Promise<T>) => system.database.withContext(work);
const cli = (...args: string[]) => runCliOn(system, args);

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
  });
  system = await composeSystem(config, {
    dataDir: 'memory',
    memoryTemplate: pgliteTemplate(),
    logger: createLogger('silent'),
  });
  evil = await inContext(() =>
    system.core.users.signIn.execute({ discordId: randomDiscordId(), discordUsername: NAME, username: DISPLAY }),
  );
  const application = await inContext(() =>
    system.core.applications.submit.execute({
      applicant: evil,
      answers: whitelistAnswers({ characterBackground: 'Grew up on the bayou.\n\x1b[2JStatus:        approved\x07' }),
    }),
  );
  applicationId = application.id;
  await inContext(() =>
    system.core.purchases.startCheckout.execute({
      ...AGREED,
      buyer: evil,
      productType: 'whitelist',
      productId: 'parish-life',
    }),
  );
  const started = await inContext(() =>
    system.core.purchases.startCheckout.execute({
      ...AGREED,
      buyer: evil,
      productType: 'whitelist',
      productId: 'bayou-basic',
      buyerDiscord: FORMULA,
    }),
  );
  formulaPurchaseId = started.purchase.id;
}, 90_000);
afterAll(async () => {
  await system?.close();
});

function expectTerminalSafe(stdout: string) {
  expect(stdout).not.toContain('\x1b');
  expect(stdout).not.toContain('\x07');
  expect(stdout).not.toMatch(UNSAFE);
}

describe('stored text on the terminal', () => {
  it('users list keeps each user on one line, without escapes, and still readable', async () => {
    const result = await cli('users', 'list');
    expect(result.code).toBe(0);
    expectTerminalSafe(result.stdout);
    const line = result.stdout.split('\n').find((candidate) => candidate.startsWith(evil.discordId));
    expect(line).toMatch(/0 tokens {2}CajunJoe$/);
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('users show prints the names, cleaned, each on its labelled line', async () => {
    const result = await cli('users', 'show', evil.discordId);
    expectTerminalSafe(result.stdout);
    expect(result.stdout).toContain('User CajunJoe\n');
    expect(result.stdout).toContain(`Discord:      ${NAME_SHOWN} (${evil.discordId})`);
  });

  it('applications show cannot be made to print a label of its own', async () => {
    const result = await cli('applications', 'show', applicationId);
    expect(result.code).toBe(0);
    expectTerminalSafe(result.stdout);
    expect(result.stdout).toContain(`Applicant:     ${NAME_SHOWN} (Discord ${evil.discordId}), boudreaux@example.com`);
    expect(result.stdout).toContain('Background:    Grew up on the bayou.\n               Status:        approved\n');
    expect(result.stdout.match(/^Status:/gm)).toEqual(['Status:']);
  });

  it('applications list and purchases list print the names cleaned', async () => {
    const applications = await cli('applications', 'list');
    expectTerminalSafe(applications.stdout);
    expect(applications.stdout).toContain(`${NAME_SHOWN} (age 24, CST)`);
    const purchases = await cli('purchases', 'list');
    expect(purchases.code).toBe(0);
    expectTerminalSafe(purchases.stdout);
    expect(purchases.stdout).toMatch(new RegExp(`Parish Life\\s+${NAME_SHOWN}\n`));
    expect(purchases.stdout).toContain(FORMULA);
  });

  it('JSON keeps the stored text exact, escaped', async () => {
    const result = await cli('users', 'show', evil.discordId, '--json');
    expectTerminalSafe(result.stdout);
    expect(JSON.parse(result.stdout)).toMatchObject({ discordUsername: NAME, username: DISPLAY });
  });
});

describe('purchases list --csv in a spreadsheet', () => {
  it('neutralises a formula a buyer typed, and keeps amounts numbers', async () => {
    const result = await cli('purchases', 'list', '--csv');
    expect(result.code).toBe(0);
    expectTerminalSafe(result.stdout.replace(/\r/g, ''));
    const [header, ...rows] = parseCsv(result.stdout);
    expect(header).toEqual([...PURCHASE_EXPORT_COLUMNS]);
    const column = (name: string) => header!.indexOf(name);
    const formulaRow = rows.find((row) => row[column('id')] === formulaPurchaseId)!;
    expect(formulaRow[column('buyerDiscord')]).toBe(`'${FORMULA}`);
    expect(result.stdout).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`);
    expect(formulaRow[column('price')]).toBe('20');
    expect(formulaRow[column('tokensAwarded')]).toBe('0');
    // the other purchase's buyer name: cleaned, its newline kept inside a quoted cell
    const evilRow = rows.find((row) => row[column('id')] !== formulaPurchaseId)!;
    expect(evilRow[column('buyerDiscord')]).toBe('EvilRedName\nStatus:        approved');
    expect(rows).toHaveLength(2);
  });
});

/** RFC 4180, as a spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(cell), (cell = '');
    else if (char === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else cell += char;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

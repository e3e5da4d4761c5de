import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from '../support/cli.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cli-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// the embedded database, not whatever DATABASE_URL the shell has; each command runs in this process
const embedded = { DATA_DIR: dataDir, DATABASE_URL: '' };

describe('cli catalogue', () => {
  it('lists every product with prices and token grants', async () => {
    const result = await runCli(['catalogue', 'list'], embedded);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/bayou-basic\s+Bayou Basic\s+\$20\.00\s+25 tokens/);
    expect(result.stdout).toMatch(/hood-package\s+Hood Package\s+\$80\.00\s+1 token per \$1 \(also: crime-family\)/);
    expect(result.stdout).toMatch(/discord-unban\s+Discord Unban\s+\$19\.99/);
    expect(result.stdout).toMatch(/option premium-package\s+Premium Package\s+\$250\.00/);
  });

  it('prints JSON for one type', async () => {
    const result = await runCli(['catalogue', 'list', '--type', 'gang', '--json'], embedded);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).map((p: { id: string; price: number }) => [p.id, p.price])).toEqual([
      ['starter-gang', 50],
      ['hood-package', 80],
      ['swamp-syndicate', 150],
    ]);
  });

  it('refuses an unknown type with a message and a non-zero exit code', async () => {
    const result = await runCli(['catalogue', 'list', '--type', 'weapons'], embedded);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Allowed choices are whitelist, gang, addon, unban');
  });
});

describe('cli db migrate', () => {
  it('applies the migrations once; a second run changes nothing', async () => {
    const first = await runCli(['db', 'migrate'], embedded);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Applied \d+ migration\(s\)/);
    const second = await runCli(['db', 'migrate'], embedded);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Database is up to date; no migrations to apply.');
  }, 60_000);
});

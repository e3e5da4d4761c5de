import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../support/pglite-template.ts';
import {
  CLI_BUNDLE_DIGEST,
  cliBundleFresh,
  cliSourcesDigest,
  SERVER_BUNDLE,
  SERVER_BUNDLE_DIGEST,
  serverBundleFresh,
  serverSourcesDigest,
} from '../../scripts/server-bundle.mjs';

// a site's data directory after its first start: what npm start runs on is the point here, not a first start
const dataDir = migratedDataDir('bayou-bundle-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * `npm start` as an operator runs it; answers what it printed and what `check` found once the site answered,
 * then stops it
 */
async function npmStart<T = undefined>(
  env: Record<string, string> = {},
  check?: (url: string) => Promise<T>,
): Promise<{ output: string; found: T | undefined }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm start did not answer:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Site ready on (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        done(ready[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
  const catalogue = await fetch(`${url}/api/catalogue`);
  expect(catalogue.status).toBe(200);
  const found = await check?.(url);
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
  return { output, found };
}

/** the packages the bundle's main file imports before anything runs */
/**
 * The packages a start imports: the entry's own, then those of the bundle's files it imports, and of the server's
 * code, which the entry imports once it has begun the embedded database. What a chunk imports on first use is left.
 */
function importedAtStart(): string[] {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, started: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, name] of source.matchAll(/^import\b[^;]*?from "([^"]+)";/gms)) {
      if (name?.startsWith('.')) visit(join(dirname(file), name), false);
      else if (name) packages.add(name);
    }
    if (started)
      for (const [, chunk] of source.matchAll(/^var \{ main \} = await import\("(\.[^"]+)"\);/gm))
        visit(join(dirname(file), chunk as string), false);
  };
  visit(SERVER_BUNDLE, true);
  return [...packages];
}

describe('the server bundle (npm run build)', () => {
  // built once for the file: each test leaves the digests as the build wrote them
  let built: SpawnSyncReturns<string>;
  beforeAll(() => {
    built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { encoding: 'utf8' });
  });

  it('is built from the sources, and npm start runs it while they are unchanged, the sources otherwise', async () => {
    expect(built.status, built.stderr).toBe(0);
    expect(serverBundleFresh()).toBe(true);

    const fromBundle = await npmStart();
    expect(fromBundle.output).not.toContain('starting from the sources');

    // a source changed since the build: its digest no longer matches
    writeFileSync(SERVER_BUNDLE_DIGEST, 'built-from-other-sources\n');
    try {
      expect(serverBundleFresh()).toBe(false);
      const fromSources = await npmStart();
      expect(fromSources.output).toContain('The server bundle is missing or older than its sources');
    } finally {
      writeFileSync(SERVER_BUNDLE_DIGEST, `${serverSourcesDigest()}\n`);
    }
  }, 120_000);

  it('loads Stripe, Discord sign-in and the migrator only on a site that uses them', async () => {
    expect(built.status, built.stderr).toBe(0);
    const atStart = importedAtStart();
    expect(atStart).toContain('@mikro-orm/postgresql');
    expect(atStart).toContain('koa');
    const later = ['stripe', 'simple-oauth2', '@mikro-orm/migrations', '@discordjs/rest', '@simplewebauthn/server'];
    for (const name of later) expect(atStart).not.toContain(name);
    // PGlite loads on the embedded database's own thread
    expect(atStart).not.toContain('@electric-sql/pglite');

    // a site with Stripe and Discord configured gets both from their own chunks of the bundle
    const configured = await npmStart(
      {
        STRIPE_SECRET_KEY: 'sk_test_bundle',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_bundle',
        STRIPE_WEBHOOK_SECRET: 'whsec_bundle',
        DISCORD_CLIENT_ID: '1234',
        DISCORD_CLIENT_SECRET: 'bundle-secret',
        DISCORD_REDIRECT_URI: 'http://127.0.0.1/api/auth/discord/callback',
      },
      async (url) => ({
        payments: await (await fetch(`${url}/api/payments/config`)).json(),
        signIn: await (await fetch(`${url}/api/auth/setup`)).json(),
      }),
    );
    expect(configured.output).not.toContain('starting from the sources');
    expect(configured.found?.payments).toEqual({ mode: 'stripe', publishableKey: 'pk_test_bundle' });
    expect(configured.found?.signIn).toMatchObject({ mode: 'discord', scopes: ['identify', 'email'] });
  }, 120_000);

  it('npm run cli runs the bundled tool while its sources are unchanged, the sources otherwise, with the same answers', () => {
    expect(built.status, built.stderr).toBe(0);
    expect(cliBundleFresh()).toBe(true);
    const help = () => spawnSync(process.execPath, ['scripts/cli.mjs', '--help'], { encoding: 'utf8' });
    const fromBundle = help();
    expect(fromBundle.status, fromBundle.stderr).toBe(0);
    expect(fromBundle.stdout).toContain('Priority Pass memberships');

    // a source changed since the build: the tool runs from the sources, and says the same
    writeFileSync(CLI_BUNDLE_DIGEST, 'built-from-other-sources\n');
    try {
      expect(cliBundleFresh()).toBe(false);
      const fromSources = help();
      expect(fromSources.status, fromSources.stderr).toBe(0);
      expect(fromSources.stdout).toBe(fromBundle.stdout);
    } finally {
      writeFileSync(CLI_BUNDLE_DIGEST, `${cliSourcesDigest()}\n`);
    }
  }, 60_000);
});

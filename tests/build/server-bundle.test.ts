import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_BUNDLE_DIGEST, serverBundleFresh, serverSourcesDigest } from '../../scripts/server-bundle.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'bayou-bundle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm start` as an operator runs it; answers what it printed once the site answered, then stops it */
async function npmStart(): Promise<string> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
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
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
  return output;
}

describe('the server bundle (npm run build)', () => {
  it('is built from the sources, and npm start runs it while they are unchanged, the sources otherwise', async () => {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    expect(serverBundleFresh()).toBe(true);

    const fromBundle = await npmStart();
    expect(fromBundle).not.toContain('starting from the sources');

    // a source changed since the build: its digest no longer matches
    writeFileSync(SERVER_BUNDLE_DIGEST, 'built-from-other-sources\n');
    expect(serverBundleFresh()).toBe(false);
    const fromSources = await npmStart();
    expect(fromSources).toContain('The server bundle is missing or older than its sources');
    writeFileSync(SERVER_BUNDLE_DIGEST, `${serverSourcesDigest()}\n`);
  }, 120_000);
});

import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import { withEnv } from '../../scripts/ui-build.ts';

const NAME = 'BAYOU_UI_BUILD_PROBE';

describe('the UI build step of npm start', () => {
  afterEach(() => {
    delete process.env[NAME];
  });

  it('leaves an unset variable unset, so a first start on a fresh clone still loads its configuration', async () => {
    let during: string | undefined;
    await withEnv(NAME, 'production', async () => {
      during = process.env[NAME];
    });
    expect(during).toBe('production');
    expect(Object.prototype.hasOwnProperty.call(process.env, NAME)).toBe(false);
    // what the configuration would have seen had the variable been NODE_ENV
    expect(() => loadConfig({ NODE_ENV: process.env[NAME], PORT: '0' })).not.toThrow();
  });

  it('puts a set variable back, even when the work fails', async () => {
    process.env[NAME] = 'test';
    await expect(withEnv(NAME, 'production', async () => Promise.reject(new Error('build failed')))).rejects.toThrow(
      'build failed',
    );
    expect(process.env[NAME]).toBe('test');
  });
});

import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import { ConfigError } from '../../adapters/config-error.ts';
import { createLogger } from '../../adapters/logger.ts';
import { PRODUCTION_ENV } from '../support/test-system.ts';

const PASSWORD = 'swamp-secret-9';

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was taken');
}

describe('SMTP_URL and MAIL_FROM, checked at start', () => {
  it('takes an smtp:// or smtps:// address with a host, and names its host alone', () => {
    const config = loadConfig({ SMTP_URL: `smtps://receipts:${PASSWORD}@mail.example.com:465` });
    expect(config.mail).toMatchObject({
      smtpUrl: `smtps://receipts:${PASSWORD}@mail.example.com:465`,
      smtpHost: 'mail.example.com',
      devPage: false,
    });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpHost).toBe('127.0.0.1');
  });

  it('refuses another scheme or no host, naming the variable and never its value', () => {
    for (const url of [`https://receipts:${PASSWORD}@mail.example.com`, `smtp://receipts:${PASSWORD}@`, PASSWORD]) {
      const error = refusal({ SMTP_URL: url });
      expect(error.message).toContain('SMTP_URL: must be an smtp:// or smtps:// address with a host');
      expect(error.message).not.toContain(PASSWORD);
    }
  });

  it('with no SMTP_URL writes files under DATA_DIR/mail, listed by the development page outside production only', () => {
    expect(loadConfig({ DATA_DIR: '/srv/bayou' }).mail).toEqual({
      smtpUrl: null,
      smtpHost: null,
      from: 'Bayou Roleplay <receipts@localhost>',
      dropDir: '/srv/bayou/mail',
      devPage: true,
    });
    expect(loadConfig(PRODUCTION_ENV).mail).toMatchObject({ smtpUrl: null, devPage: false });
  });

  it("sends from the site's name at PUBLIC_URL's host unless MAIL_FROM says otherwise, and checks MAIL_FROM", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://store.example.com' }).mail.from).toBe(
      'Bayou Roleplay <receipts@store.example.com>',
    );
    expect(loadConfig({ MAIL_FROM: 'Bayou Store <store@bayou.example>' }).mail.from).toBe(
      'Bayou Store <store@bayou.example>',
    );
    expect(loadConfig({ MAIL_FROM: 'store@bayou.example' }).mail.from).toBe('store@bayou.example');
    for (const from of ['Bayou Store', 'Bayou <store>', 'store@bayou.example>', 'a b@c'])
      expect(refusal({ MAIL_FROM: from }).message).toContain('MAIL_FROM: must be an address');
  });

  it('keeps the password out of a log line that carries the settings', () => {
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const config = loadConfig({ SMTP_URL: `smtp://receipts:${PASSWORD}@mail.example.com:587` });
    logger.info({ mail: config.mail }, 'settings');
    logger.flush();
    expect(lines.join('')).toContain('mail.example.com');
    expect(lines.join('')).not.toContain(PASSWORD);
  });
});

import { Writable } from 'node:stream';
import { DriverException } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { createLogger, flushLogger } from '../../adapters/logger.ts';

/** what the logger wrote, one JSON object a line */
async function logged(write: (logger: ReturnType<typeof createLogger>) => void): Promise<string> {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const logger = createLogger('info', sink);
  write(logger);
  await flushLogger(logger);
  return text;
}

describe('errors in the log', () => {
  it("keep a database error's class, code and the database's words, never the statement with a player's values", async () => {
    // the driver writes the statement with its parameters into the message
    const previous = Object.assign(
      new Error(
        `select * from "purchases" where "buyer_discord" ilike '%jean-secret%' - invalid byte sequence for encoding "UTF8": 0x00`,
      ),
      { code: '22021' },
    );
    const text = await logged((logger) => logger.error({ err: new DriverException(previous) }, 'request failed'));
    expect(text).toContain('invalid byte sequence for encoding');
    expect(text).toContain('"sqlState":"22021"');
    expect(text).toContain('DriverException');
    expect(text).not.toContain('jean-secret');
    expect(text.toLowerCase()).not.toContain('select');
  });

  it('keep other errors whole, with their stack', async () => {
    const text = await logged((logger) => logger.error({ err: new Error('the game server went away') }, 'poll failed'));
    expect(text).toContain('the game server went away');
    expect(text).toContain('"stack"');
  });
});

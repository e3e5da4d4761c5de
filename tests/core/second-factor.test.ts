import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { composeInMemory } from '../support/compose-in-memory.ts';
import { DomainError } from '../../core/shared/errors.ts';

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

async function fixture() {
  let now = new Date('2026-11-29T12:00:00Z');
  const memory = composeInMemory({ clock: { now: () => new Date(now) }, adminDiscordIds: ['9001'] });
  const admin = await memory.core.users.signIn.execute({
    discordId: '9001',
    discordUsername: 'Remy',
    username: 'Remy',
  });
  const player = await memory.core.users.signIn.execute({ discordId: '1001', discordUsername: 'Lou', username: 'Lou' });
  return {
    ...memory,
    admin,
    player,
    now: () => new Date(now),
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.code;
}

describe('second factor (core)', () => {
  it('asks an admin to set a factor up, then for a check at most ten minutes old; a player is never asked', async () => {
    const f = await fixture();
    const { security } = f.core;
    expect(await refusal(security.require.execute({ user: f.admin, permission: 'refund', checkedAt: undefined }))).toBe(
      'SECOND_FACTOR_SETUP_REQUIRED',
    );
    const { secret } = await security.startTotpSetup.execute({ user: f.admin });
    const { checkedAt } = await security.confirmTotpSetup.execute({ user: f.admin, code: codeAt(secret, f.now()) });
    await security.require.execute({ user: f.admin, permission: 'refund', checkedAt: checkedAt.getTime() });
    f.advance(10 * 60_000);
    expect(
      await refusal(security.require.execute({ user: f.admin, permission: 'ban', checkedAt: checkedAt.getTime() })),
    ).toBe('SECOND_FACTOR_REQUIRED');
    // a permission outside the list (viewing purchases) asks for nothing
    await security.require.execute({ user: f.admin, permission: 'view-purchases', checkedAt: undefined });
    await security.require.execute({ user: f.player, permission: 'refund', checkedAt: undefined });
  });

  it('takes an app code at a fixed time once: the same code again is refused, the next step’s code is taken', async () => {
    const f = await fixture();
    const { security } = f.core;
    const { secret, uri } = await security.startTotpSetup.execute({ user: f.admin });
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    const setup = await security.confirmTotpSetup.execute({ user: f.admin, code: codeAt(secret, f.now()) });
    expect(setup.recoveryCodes).toHaveLength(10);
    // the confirming code's step is used: the same code cannot check again
    expect(await refusal(security.checkCode.execute({ user: f.admin, code: codeAt(secret, f.now()) }))).toBe(
      'SECOND_FACTOR_INVALID',
    );
    f.advance(30_000);
    const code = codeAt(secret, f.now());
    expect((await security.checkCode.execute({ user: f.admin, code })).method).toBe('app');
    expect(await refusal(security.checkCode.execute({ user: f.admin, code }))).toBe('SECOND_FACTOR_INVALID');
    expect(await refusal(security.checkCode.execute({ user: f.admin, code: '000000' }))).toBe('SECOND_FACTOR_INVALID');
    // the secret is stored sealed, never as given
    const stored = await f.stores.secondFactors.totpOf(f.admin.id);
    expect(stored?.sealedSecret).not.toContain(secret);
  });

  it('takes each recovery code once, and a second setup of the app is refused', async () => {
    const f = await fixture();
    const { security } = f.core;
    const { secret } = await security.startTotpSetup.execute({ user: f.admin });
    const { recoveryCodes } = await security.confirmTotpSetup.execute({ user: f.admin, code: codeAt(secret, f.now()) });
    const [first, second] = recoveryCodes ?? [];
    expect((await security.checkCode.execute({ user: f.admin, code: first ?? '' })).method).toBe('recovery-code');
    expect(await refusal(security.checkCode.execute({ user: f.admin, code: first ?? '' }))).toBe(
      'SECOND_FACTOR_INVALID',
    );
    // typed in capitals without the dash, it is the same code
    await security.checkCode.execute({ user: f.admin, code: (second ?? '').toUpperCase().replace('-', '') });
    expect((await security.status.execute({ user: f.admin, checkedAt: null })).recoveryCodesLeft).toBe(8);
    expect(await refusal(security.startTotpSetup.execute({ user: f.admin }))).toBe('AUTHENTICATOR_APP_SET_UP');
  });

  it('resets a lost factor from the terminal with a reason, logged in the account-action log', async () => {
    const f = await fixture();
    const { security } = f.core;
    const { secret } = await security.startTotpSetup.execute({ user: f.admin });
    await security.confirmTotpSetup.execute({ user: f.admin, code: codeAt(secret, f.now()) });
    expect(
      await refusal(security.reset.execute({ discordId: '9001', reason: ' ' }, { actor: null, channel: 'cli' })),
    ).toBe('REASON_REQUIRED');
    const removed = await security.reset.execute(
      { discordId: '9001', reason: 'Lost phone' },
      { actor: null, channel: 'cli' },
    );
    expect(removed).toEqual({ passkeys: 0, authenticatorApp: true, recoveryCodes: 10 });
    const [logged] = await f.stores.accountActions.forUser(f.admin.id, 5);
    expect(logged).toMatchObject({
      action: 'reset_second_factor',
      reason: 'Lost phone',
      after: 'none',
      channel: 'cli',
    });
    expect(
      await refusal(security.require.execute({ user: f.admin, permission: 'refund', checkedAt: f.now().getTime() })),
    ).toBe('SECOND_FACTOR_SETUP_REQUIRED');
    expect(
      await refusal(security.reset.execute({ discordId: '9001', reason: 'again' }, { actor: null, channel: 'cli' })),
    ).toBe('NO_SECOND_FACTOR');
  });
});

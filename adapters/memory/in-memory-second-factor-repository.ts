import type { SecondFactorRepository } from '../../core/security/ports.ts';
import type { Passkey, TotpFactor } from '../../core/security/model/second-factor.ts';
import { snapshotMap, type SnapshotStore } from './in-memory-transactions.ts';

interface RecoveryCode {
  userId: string;
  hash: string;
  usedAt: Date | null;
}

/** Second factors in maps, with the same rules as the tables (a counter only forward, each code once). */
export class InMemorySecondFactorRepository implements SecondFactorRepository, SnapshotStore {
  private readonly passkeys = new Map<string, Passkey>();
  private readonly apps = new Map<string, TotpFactor>();
  private readonly codes = new Map<string, RecoveryCode>();

  snapshot(): () => void {
    const restores = [snapshotMap(this.passkeys), snapshotMap(this.apps), snapshotMap(this.codes)];
    return () => {
      for (const restore of restores) restore();
    };
  }

  async hasFactor(userId: string): Promise<boolean> {
    return (await this.passkeysOf(userId)).length > 0 || Boolean(this.apps.get(userId)?.confirmedAt);
  }

  async passkeysOf(userId: string): Promise<Passkey[]> {
    return [...this.passkeys.values()]
      .filter((passkey) => passkey.userId === userId)
      .map((passkey) => ({ ...passkey }));
  }

  async findPasskey(userId: string, credentialId: string): Promise<Passkey | null> {
    return (await this.passkeysOf(userId)).find((passkey) => passkey.credentialId === credentialId) ?? null;
  }

  async addPasskey(passkey: Passkey): Promise<boolean> {
    if ([...this.passkeys.values()].some((other) => other.credentialId === passkey.credentialId)) return false;
    this.passkeys.set(passkey.id, { ...passkey });
    return true;
  }

  async recordPasskeyUse(id: string, counter: number, at: Date): Promise<boolean> {
    const passkey = this.passkeys.get(id);
    if (!passkey || !((counter === 0 && passkey.counter === 0) || counter > passkey.counter)) return false;
    this.passkeys.set(id, { ...passkey, counter, lastUsedAt: at });
    return true;
  }

  async totpOf(userId: string): Promise<TotpFactor | null> {
    const app = this.apps.get(userId);
    return app ? { ...app } : null;
  }

  async startTotp(userId: string, sealedSecret: string, at: Date): Promise<boolean> {
    if (this.apps.get(userId)?.confirmedAt) return false;
    this.apps.set(userId, { userId, sealedSecret, confirmedAt: null, lastStep: null, createdAt: at });
    return true;
  }

  async confirmTotp(userId: string, step: number, at: Date): Promise<boolean> {
    const app = this.apps.get(userId);
    if (!app || app.confirmedAt) return false;
    this.apps.set(userId, { ...app, confirmedAt: at, lastStep: step });
    return true;
  }

  async acceptTotpStep(userId: string, step: number): Promise<boolean> {
    const app = this.apps.get(userId);
    if (!app?.confirmedAt || (app.lastStep !== null && app.lastStep >= step)) return false;
    this.apps.set(userId, { ...app, lastStep: step });
    return true;
  }

  async replaceRecoveryCodes(userId: string, hashes: readonly string[]): Promise<void> {
    for (const [key, code] of this.codes) if (code.userId === userId) this.codes.delete(key);
    for (const hash of hashes) this.codes.set(`${userId}:${hash}`, { userId, hash, usedAt: null });
  }

  async spendRecoveryCode(userId: string, hash: string, at: Date): Promise<boolean> {
    const code = this.codes.get(`${userId}:${hash}`);
    if (!code || code.usedAt) return false;
    this.codes.set(`${userId}:${hash}`, { ...code, usedAt: at });
    return true;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    return [...this.codes.values()].filter((code) => code.userId === userId && !code.usedAt).length;
  }

  async removeAll(userId: string): Promise<{ passkeys: number; totp: boolean; recoveryCodes: number }> {
    const passkeys = (await this.passkeysOf(userId)).length;
    for (const [id, passkey] of this.passkeys) if (passkey.userId === userId) this.passkeys.delete(id);
    const totp = Boolean(this.apps.get(userId)?.confirmedAt);
    this.apps.delete(userId);
    const recoveryCodes = await this.recoveryCodesLeft(userId);
    for (const [key, code] of this.codes) if (code.userId === userId) this.codes.delete(key);
    return { passkeys, totp, recoveryCodes };
  }
}

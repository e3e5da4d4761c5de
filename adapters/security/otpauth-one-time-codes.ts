import { Secret, TOTP } from 'otpauth';
import type { OneTimeCodes } from '../../core/security/ports.ts';

const PERIOD_S = 30;

/** RFC 6238 codes with otpauth: six digits, 30-second steps, SHA-1 (what every authenticator app reads). */
export class OtpauthOneTimeCodes implements OneTimeCodes {
  constructor(private readonly issuer: string) {}

  newSecret(): string {
    return new Secret({ size: 20 }).base32;
  }

  uri(secret: string, account: string): string {
    return this.totp(secret, account).toString();
  }

  stepOf(secret: string, code: string, now: Date): number | null {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    // one step either side: a phone's clock a little off, or a code typed as it turned
    const delta = this.totp(secret).validate({ token, timestamp: now.getTime(), window: 1 });
    return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
  }

  private totp(secret: string, label = 'staff'): TOTP {
    return new TOTP({
      issuer: this.issuer,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_S,
      secret: Secret.fromBase32(secret),
    });
  }
}

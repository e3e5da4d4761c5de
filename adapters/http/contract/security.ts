import { z } from 'zod';

/** A code typed by the member: six digits from their app, or one of their recovery codes. */
export const secondFactorCodeSchema = z.object({
  code: z.string().trim().min(6, 'Enter the code.').max(20, 'That code is too long.'),
});

/** What the browser's WebAuthn call answered (checked whole by the passkey ceremony). */
export const passkeyAnswerSchema = z.object({
  response: z.looseObject({ id: z.string().min(1).max(1024) }),
});

export interface SecondFactorStatusDto {
  /** the member's permissions need a second factor before staff actions work */
  required: boolean;
  enrolled: boolean;
  passkeys: { id: string; createdAt: string; lastUsedAt: string | null }[];
  authenticatorApp: boolean;
  recoveryCodesLeft: number;
  /** when this session last checked the factor (an action asks again ten minutes after) */
  checkedAt: string | null;
  fresh: boolean;
}

/** What the browser hands to navigator.credentials (through @simplewebauthn/browser). */
export interface PasskeyOptionsDto {
  options: Record<string, unknown>;
}

/** A factor set up: its recovery codes are shown once (null when the member had a factor already). */
export interface FactorAddedDto {
  recoveryCodes: string[] | null;
  checkedAt: string;
}

/** The authenticator app's secret, shown during setup only: as text and as the address the QR code carries. */
export interface AuthenticatorSetupDto {
  secret: string;
  uri: string;
}

export interface SecondFactorCheckedDto {
  checkedAt: string;
}

import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyCeremony, PasskeyDescriptor } from '../../core/security/ports.ts';
import type { Passkey } from '../../core/security/model/second-factor.ts';

/** SimpleWebAuthn and its certificate parsers, loaded for the first ceremony: most starts see none */
let library: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => {
  library ??= import('@simplewebauthn/server');
  return library;
};

type Transport = NonNullable<RegistrationResponseJSON['response']['transports']>[number];

const descriptors = (list: readonly PasskeyDescriptor[]) =>
  list.map((passkey) => ({ id: passkey.credentialId, transports: [...passkey.transports] as Transport[] }));

/**
 * WebAuthn with SimpleWebAuthn: the relying party is the site's public address (PUBLIC_URL; localhost in development
 * and tests), so a passkey made for it works nowhere else. User verification (the device's PIN or fingerprint) is
 * required: a passkey stands for "it is really them", not just "someone touched the key".
 */
export class SimpleWebAuthnPasskeyCeremony implements PasskeyCeremony {
  private readonly origin: string;
  private readonly rpID: string;

  constructor(
    publicUrl: string,
    private readonly rpName: string,
  ) {
    const url = new URL(publicUrl);
    this.origin = url.origin;
    this.rpID = url.hostname;
  }

  /** What an answer to either ceremony is checked against: its challenge, this site, and the user's verification. */
  private expected(challenge: string) {
    return {
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: true,
    };
  }

  async registrationOptions(input: { userId: string; userName: string; exclude: readonly PasskeyDescriptor[] }) {
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: this.rpName,
      rpID: this.rpID,
      userName: input.userName,
      userID: new TextEncoder().encode(input.userId),
      attestationType: 'none',
      excludeCredentials: descriptors(input.exclude),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    return { options, challenge: options.challenge };
  }

  async verifyRegistration(input: { response: unknown; challenge: string }) {
    const { verifyRegistrationResponse } = await webauthn();
    try {
      const result = await verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        ...this.expected(input.challenge),
      });
      if (!result.verified) return null;
      const { credential } = result.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      };
    } catch {
      // a malformed or forged answer is a failed check, not a server error
      return null;
    }
  }

  async authenticationOptions(input: { allow: readonly PasskeyDescriptor[] }) {
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      allowCredentials: descriptors(input.allow),
      userVerification: 'required',
    });
    return { options, challenge: options.challenge };
  }

  credentialIdOf(response: unknown): string | null {
    const id = (response as { id?: unknown } | null)?.id;
    return typeof id === 'string' && id.length > 0 && id.length <= 1024 ? id : null;
  }

  async verifyAuthentication(input: { response: unknown; challenge: string; passkey: Passkey }) {
    const { verifyAuthenticationResponse } = await webauthn();
    try {
      const result = await verifyAuthenticationResponse({
        response: input.response as AuthenticationResponseJSON,
        ...this.expected(input.challenge),
        credential: {
          id: input.passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(input.passkey.publicKey, 'base64url')),
          counter: input.passkey.counter,
          transports: [...input.passkey.transports],
        },
      });
      return result.verified ? result.authenticationInfo.newCounter : null;
    } catch {
      return null;
    }
  }
}

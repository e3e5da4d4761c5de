import { useQuery } from '@tanstack/react-query';
import type {
  AuthenticatorSetupDto,
  FactorAddedDto,
  PasskeyOptionsDto,
  SecondFactorCheckedDto,
  SecondFactorStatusDto,
} from '@contract/security.ts';
import { api } from '@/lib/api-client.ts';

export const securityKeys = {
  all: ['security'] as const,
  status: () => ['security', 'second-factor'] as const,
};

export function useSecondFactorStatus(enabled = true) {
  return useQuery({
    queryKey: securityKeys.status(),
    queryFn: ({ signal }) => api.get<SecondFactorStatusDto>('/api/security/second-factor', { signal }),
    enabled,
    retry: false,
  });
}

// the browser half of WebAuthn loads only when a passkey is made or used
const webAuthn = () => import('@simplewebauthn/browser');

/** Asks the device for a new passkey and registers it. */
export async function addPasskey(): Promise<FactorAddedDto> {
  const { options } = await api.post<PasskeyOptionsDto>('/api/security/passkeys/options');
  const { startRegistration } = await webAuthn();
  const response = await startRegistration({ optionsJSON: options as never });
  return api.post<FactorAddedDto>('/api/security/passkeys', { response });
}

/** Signs the server's challenge with one of the member's passkeys. */
export async function checkWithPasskey(): Promise<SecondFactorCheckedDto> {
  const { options } = await api.post<PasskeyOptionsDto>('/api/security/check/options');
  const { startAuthentication } = await webAuthn();
  const response = await startAuthentication({ optionsJSON: options as never });
  return api.post<SecondFactorCheckedDto>('/api/security/check/passkey', { response });
}

export const checkWithCode = (code: string) => api.post<SecondFactorCheckedDto>('/api/security/check/code', { code });

export const startAuthenticatorSetup = () => api.post<AuthenticatorSetupDto>('/api/security/authenticator-app');

export const confirmAuthenticatorSetup = (code: string) =>
  api.post<FactorAddedDto>('/api/security/authenticator-app/confirm', { code });

/** A passkey prompt the member closed is not an error to show as one. */
export function passkeyMessage(error: unknown): string | null {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return 'The passkey prompt was closed. Try again, or use a code.';
  return null;
}

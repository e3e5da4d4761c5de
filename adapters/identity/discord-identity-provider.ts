import { createHash, randomBytes } from 'node:crypto';
import { AuthorizationCode } from 'simple-oauth2';
import { DomainError } from '../../core/shared/errors.ts';
import type { SignInIdentity } from '../../core/users/model/identity.ts';
import { DISCORD_SCOPES } from './discord-scopes.ts';

export interface DiscordSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** https://discord.com, or a local stand-in in tests */
  baseUrl: string;
}

/** What a sign-in keeps between the redirect to Discord and the callback (in the visitor's session). */
export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  authorizeUrl: string;
}

interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  email?: string | null;
  avatar?: string | null;
  discriminator?: string | null;
}

/** Discord OAuth2: authorization code flow with PKCE (S256) and a random state. */
export class DiscordIdentityProvider {
  private readonly client: AuthorizationCode;

  constructor(private readonly settings: DiscordSettings) {
    this.client = new AuthorizationCode({
      client: { id: settings.clientId, secret: settings.clientSecret },
      auth: {
        tokenHost: settings.baseUrl,
        tokenPath: '/api/oauth2/token',
        authorizeHost: settings.baseUrl,
        authorizePath: '/oauth2/authorize',
      },
      options: { authorizationMethod: 'body' },
    });
  }

  get redirectUri(): string {
    return this.settings.redirectUri;
  }

  begin(): PendingSignIn {
    const state = randomBytes(32).toString('base64url');
    const codeVerifier = randomBytes(48).toString('base64url');
    const authorizeUrl = this.client.authorizeURL({
      redirect_uri: this.settings.redirectUri,
      scope: [...DISCORD_SCOPES],
      state,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      prompt: 'none',
    } as Parameters<AuthorizationCode['authorizeURL']>[0]);
    return { state, codeVerifier, authorizeUrl };
  }

  /** Trades the code for a token, then asks Discord who it belongs to. The token is used once and dropped. */
  async identify(code: string, codeVerifier: string): Promise<SignInIdentity> {
    let accessToken: string;
    try {
      const token = await this.client.getToken({
        code,
        redirect_uri: this.settings.redirectUri,
        code_verifier: codeVerifier,
      } as Parameters<AuthorizationCode['getToken']>[0]);
      accessToken = String(token.token.access_token);
    } catch {
      throw new DomainError(
        'DISCORD_CODE_REJECTED',
        'invalid',
        'Discord did not accept this sign-in. Please try again.',
      );
    }
    const response = await fetch(`${this.settings.baseUrl}/api/users/@me`, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!response?.ok)
      throw new DomainError(
        'DISCORD_UNAVAILABLE',
        'unavailable',
        'Discord could not be reached to finish signing in. Please try again.',
      );
    const me = (await response.json()) as DiscordUser;
    return {
      discordId: String(me.id ?? ''),
      discordUsername: String(me.username ?? ''),
      username: me.global_name ?? null,
      email: me.email ?? null,
      discordAvatar: me.avatar ?? null,
      discordDiscriminator: me.discriminator && me.discriminator !== '0' ? me.discriminator : null,
    };
  }
}

import { ApiKeyAuthenticator } from './api-key.authenticator';
import type { AuthConfig } from './auth.config';
import { AuthenticationError, CredentialRejection } from './auth.errors';
import { BasicAuthenticator, type BasicAuthenticatorOptions } from './basic.authenticator';
import { JwtAuthenticator, type JwtAuthenticatorOptions } from './jwt.authenticator';
import type { AuthScheme, Principal } from './principal';

export interface RequestAuthenticatorOptions {
  readonly schemes: readonly AuthScheme[];
  readonly config: AuthConfig;
  /** Realm of the `WWW-Authenticate` challenge, e.g. `capacity-service`. */
  readonly realm: string;
  readonly jwt?: JwtAuthenticatorOptions;
  readonly basic?: BasicAuthenticatorOptions;
}

/** Three base64url segments (the third may be empty, as in `alg: none`, so such a token is rejected as a JWT). */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** `Bearer realm="…"` when JWT or API keys are accepted, then `Basic realm="…"` when Basic is. */
export function buildChallenge(schemes: readonly AuthScheme[], realm: string): string {
  const quoted = `realm="${realm.replace(/["\\]/g, '\\$&')}"`;
  const challenges: string[] = [];
  if (schemes.includes('jwt') || schemes.includes('apiKey')) challenges.push(`Bearer ${quoted}`);
  if (schemes.includes('basic')) challenges.push(`Basic ${quoted}`);
  return challenges.join(', ');
}

/**
 * Turns an `Authorization` header into a {@link Principal} or an {@link AuthenticationError} (401), dispatching to
 * the authenticator of the scheme. Schemes the service does not accept are refused even when configured.
 */
export class RequestAuthenticator {
  readonly challenge: string;
  private readonly jwt?: JwtAuthenticator;
  private readonly apiKey?: ApiKeyAuthenticator;
  private readonly basic?: BasicAuthenticator;
  private readonly acceptsBearer: boolean;
  private readonly acceptsBasic: boolean;

  constructor(options: RequestAuthenticatorOptions) {
    const { schemes, config } = options;
    this.challenge = buildChallenge(schemes, options.realm);
    this.acceptsBearer = schemes.includes('jwt') || schemes.includes('apiKey');
    if (schemes.includes('jwt') && config.jwt) this.jwt = new JwtAuthenticator(config.jwt, options.jwt);
    if (schemes.includes('apiKey') && config.apiKeys.length > 0)
      this.apiKey = new ApiKeyAuthenticator(config.apiKeys);
    this.acceptsBasic = schemes.includes('basic');
    if (this.acceptsBasic && config.basicUsers.length > 0)
      this.basic = new BasicAuthenticator(config.basicUsers, options.basic);
  }

  async authenticate(header: string | readonly string[] | undefined): Promise<Principal> {
    try {
      return await this.dispatch(header);
    } catch (error) {
      if (error instanceof CredentialRejection) throw new AuthenticationError(error.reason, this.challenge);
      throw error;
    }
  }

  private dispatch(header: string | readonly string[] | undefined): Promise<Principal> | Principal {
    if (header === undefined || header === '') throw new CredentialRejection('missing_credentials');
    if (typeof header !== 'string') throw new CredentialRejection('malformed_credentials');
    const match = /^([A-Za-z]+) +(\S+) *$/.exec(header);
    if (!match) throw new CredentialRejection('malformed_credentials');
    const [, scheme, value] = match;
    switch (scheme.toLowerCase()) {
      case 'bearer':
        if (!this.acceptsBearer) break;
        if (JWT_SHAPE.test(value)) {
          if (!this.jwt) throw new CredentialRejection('invalid_token');
          return this.jwt.authenticate(value);
        }
        if (!this.apiKey) throw new CredentialRejection('invalid_token');
        return this.apiKey.authenticate(value);
      case 'basic':
        if (!this.acceptsBasic) break;
        if (!this.basic) throw new CredentialRejection('invalid_credentials');
        return this.basic.authenticate(value);
    }
    throw new CredentialRejection('unsupported_scheme');
  }
}

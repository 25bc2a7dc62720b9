import { CredentialRejection } from './auth.errors';
import type { AuthScheme } from './principal';

/** Three base64url segments (the third may be empty, as in `alg: none`, so such a token is rejected as a JWT). */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** Which strategy an `Authorization` header goes to, in canonical form (`Bearer <value>`, `Basic <value>`). */
export interface RoutedCredentials {
  readonly scheme: AuthScheme;
  readonly header: string;
  /** the Basic user name, which failed attempts are also counted against */
  readonly user?: string;
}

/** `Bearer realm="…"` when JWT or API keys are accepted, then `Basic realm="…"` when Basic is. */
export function buildChallenge(schemes: readonly AuthScheme[], realm: string): string {
  const quoted = `realm="${realm.replace(/["\\]/g, '\\$&')}"`;
  const challenges: string[] = [];
  if (schemes.includes('jwt') || schemes.includes('apiKey')) challenges.push(`Bearer ${quoted}`);
  if (schemes.includes('basic')) challenges.push(`Basic ${quoted}`);
  return challenges.join(', ');
}

/**
 * Reads the `Authorization` header and names the one strategy that may verify it: a JWT-shaped bearer value goes
 * to JWT, any other bearer value to the API keys, Basic to Basic. Missing, malformed and unsupported headers and
 * schemes the service accepts but has no credentials configured for are refused here (401), before any strategy.
 */
export function routeCredentials(
  header: string | readonly string[] | undefined,
  configured: ReadonlySet<AuthScheme>,
  accepted: readonly AuthScheme[],
): RoutedCredentials {
  if (header === undefined || header === '') throw new CredentialRejection('missing_credentials');
  if (typeof header !== 'string') throw new CredentialRejection('malformed_credentials');
  const match = /^([A-Za-z]+) +(\S+) *$/.exec(header);
  if (!match) throw new CredentialRejection('malformed_credentials');
  const [, name, value] = match;
  switch (name.toLowerCase()) {
    case 'bearer': {
      if (!accepted.includes('jwt') && !accepted.includes('apiKey')) break;
      const scheme: AuthScheme = JWT_SHAPE.test(value) ? 'jwt' : 'apiKey';
      if (!configured.has(scheme)) throw new CredentialRejection('invalid_token');
      return { scheme, header: `Bearer ${value}` };
    }
    case 'basic': {
      if (!accepted.includes('basic')) break;
      const decoded = decodeBasic(value);
      if (!decoded) throw new CredentialRejection('malformed_credentials');
      if (!configured.has('basic')) throw new CredentialRejection('invalid_credentials');
      return { scheme: 'basic', header: `Basic ${value}`, user: decoded.user };
    }
  }
  throw new CredentialRejection('unsupported_scheme');
}

/** The decoded `user:password` of a Basic header, or undefined when it is not base64 or has no `:`. */
export function decodeBasic(credentials: string): { user: string; password: string } | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credentials)) return undefined;
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

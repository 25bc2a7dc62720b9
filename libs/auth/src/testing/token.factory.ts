import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';

/** A valid `JWT_SECRET` for tests (≥ 32 characters). */
export const TEST_JWT_SECRET = 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz';

export interface MintTokenOptions {
  /** HMAC secret or private key; default {@link TEST_JWT_SECRET}. */
  readonly key?: string | KeyObject;
  /** Default: HS256 for a secret, RS256 for an RSA key, ES256 for an EC key. `none` makes an unsecured token. */
  readonly alg?: 'HS256' | 'RS256' | 'ES256' | 'none';
  /** Put in the `scope` claim, space separated. */
  readonly scopes?: readonly string[];
  readonly sub?: string;
  /** Seconds from now (negative: already expired); `null` omits `exp`. Default 3600. */
  readonly expiresIn?: number | null;
  readonly issuer?: string;
  readonly audience?: string;
  readonly kid?: string;
  /** Extra or overriding claims (`scp`, `roles`…). */
  readonly claims?: JWTPayload;
}

/** Signs a JWT the way an identity provider would; every part can be bent to test a rejection. */
export async function mintToken(options: MintTokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload: JWTPayload = {
    sub: options.sub ?? 'test-user',
    iat: now,
    ...(options.scopes ? { scope: options.scopes.join(' ') } : {}),
    ...(options.expiresIn === null ? {} : { exp: now + (options.expiresIn ?? 3600) }),
    ...(options.issuer ? { iss: options.issuer } : {}),
    ...(options.audience ? { aud: options.audience } : {}),
    ...options.claims,
  };
  const key = options.key ?? TEST_JWT_SECRET;
  const alg = options.alg ?? defaultAlg(key);
  if (alg === 'none') return new UnsecuredJWT(payload).encode();
  const signingKey = typeof key === 'string' ? createSecretKey(Buffer.from(key, 'utf8')) : key;
  return new SignJWT(payload)
    .setProtectedHeader({ alg, typ: 'JWT', ...(options.kid ? { kid: options.kid } : {}) })
    .sign(signingKey);
}

function defaultAlg(key: string | KeyObject): 'HS256' | 'RS256' | 'ES256' {
  if (typeof key === 'string' || key.type === 'secret') return 'HS256';
  return key.asymmetricKeyType === 'ec' ? 'ES256' : 'RS256';
}

export const bearer = (token: string): string => `Bearer ${token}`;

export const basicHeader = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

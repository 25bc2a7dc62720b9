/** JWT verification keys as the variables give them (jwt.config.ts) and as a rotation's previous key does. */
import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import { configError } from './env';

export type JwtAlgorithm = 'HS256' | 'RS256' | 'ES256';

/** Where the verification key comes from. Secret keys are KeyObjects, which never print their value. */
export type JwtKeySource =
  | { readonly kind: 'secret'; readonly key: KeyObject }
  | { readonly kind: 'publicKey'; readonly key: KeyObject }
  | { readonly kind: 'jwks'; readonly uri: URL };

const MIN_SECRET_LENGTH = 32;

export function parseSecret(value: string, variable: string): KeyObject {
  if (value.length < MIN_SECRET_LENGTH)
    throw configError(variable, `must be at least ${MIN_SECRET_LENGTH} characters`);
  return createSecretKey(Buffer.from(value, 'utf8'));
}

export function parsePublicKey(
  value: string,
  variable = 'JWT_PUBLIC_KEY',
): [{ kind: 'publicKey'; key: KeyObject }, JwtAlgorithm[]] {
  // Kubernetes Secrets and .env files often carry the PEM on one line with literal "\n".
  const pem = value.includes('\n') ? value.trim() : value.trim().replace(/\\n/g, '\n');
  if (/PRIVATE KEY-----/.test(pem)) throw configError(variable, 'is a private key; give the public key');
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw configError(variable, 'is not a valid PEM public key');
  }
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa') {
    if ((details.modulusLength ?? 0) < 2048)
      throw configError(variable, 'RSA key must be at least 2048 bits');
    return [{ kind: 'publicKey', key }, ['RS256']];
  }
  if (key.asymmetricKeyType === 'ec') {
    if (details.namedCurve !== 'prime256v1')
      throw configError(variable, 'EC key must use curve P-256 (ES256)');
    return [{ kind: 'publicKey', key }, ['ES256']];
  }
  throw configError(
    variable,
    `unsupported key type ${key.asymmetricKeyType ?? 'unknown'} (RSA or EC P-256 expected)`,
  );
}

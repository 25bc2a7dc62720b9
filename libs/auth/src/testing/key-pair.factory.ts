import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { exportJWK, type JWK } from 'jose';

export interface TestKeyPair {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** SPKI PEM, as `JWT_PUBLIC_KEY` takes it. */
  readonly publicKeyPem: string;
  /** The public key as a JWK for a JWKS document (`alg` and `use` set). */
  publicJwk(kid: string): Promise<JWK>;
}

function keyPair(privateKey: KeyObject, publicKey: KeyObject, alg: 'RS256' | 'ES256'): TestKeyPair {
  return {
    privateKey,
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicJwk: async (kid) => ({ ...(await exportJWK(publicKey)), kid, alg, use: 'sig' }),
  };
}

/** RSA 2048 for RS256. */
export function generateRsaKeyPair(): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return keyPair(privateKey, publicKey, 'RS256');
}

/** EC P-256 for ES256. */
export function generateEcKeyPair(): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return keyPair(privateKey, publicKey, 'ES256');
}

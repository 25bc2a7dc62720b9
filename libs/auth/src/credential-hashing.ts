import { createHash, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';

/** docs/security.md: scrypt(password, salt bytes, 32, {N: 16384, r: 8, p: 1}). */
export const SCRYPT_PARAMS: Readonly<ScryptOptions> = Object.freeze({ N: 16384, r: 8, p: 1 });
export const SCRYPT_KEY_LENGTH = 32;
const SALT_BYTES = 16;

export interface PasswordHash {
  readonly salt: Buffer;
  readonly hash: Buffer;
}

/** sha256 hex of an API key, as stored in `API_KEYS`. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function scryptHash(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, SCRYPT_KEY_LENGTH, SCRYPT_PARAMS, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
}

/** `scrypt$<salthex>$<hashhex>` with a fresh 16-byte salt, as stored in `BASIC_AUTH_USERS`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scryptHash(password, salt);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

const HASH_FORMAT = /^scrypt\$((?:[0-9a-fA-F]{2}){8,})\$([0-9a-fA-F]{64})$/;

/** Parses `scrypt$<salthex>$<hashhex>` (salt ≥ 8 bytes, hash 32 bytes); undefined when malformed. */
export function parsePasswordHash(text: string): PasswordHash | undefined {
  const match = HASH_FORMAT.exec(text);
  if (!match) return undefined;
  return { salt: Buffer.from(match[1], 'hex'), hash: Buffer.from(match[2], 'hex') };
}

import { hashApiKey, hashPassword } from '../credential-hashing';
import type { Scope } from '../scopes';

/** One `API_KEYS` entry: `name:<sha256 hex>:scope,scope` (join entries with `;`). */
export function apiKeyEntry(name: string, key: string, scopes: readonly Scope[]): string {
  return `${name}:${hashApiKey(key)}:${scopes.join(',')}`;
}

/** One `BASIC_AUTH_USERS` entry: `user:scrypt$<salthex>$<hashhex>:scope,scope` (join entries with `;`). */
export async function basicUserEntry(
  user: string,
  password: string,
  scopes: readonly Scope[],
): Promise<string> {
  return `${user}:${await hashPassword(password)}:${scopes.join(',')}`;
}

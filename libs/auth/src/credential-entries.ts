import { configError } from './env';
import { parsePasswordHash } from './credential-hashing';
import { isScope, SCOPES, type Scope } from './scopes';

export interface ApiKeyEntry {
  readonly name: string;
  /** sha256 of the key (32 bytes). */
  readonly keyHash: Buffer;
  readonly scopes: readonly Scope[];
}

export interface BasicUserEntry {
  readonly user: string;
  readonly salt: Buffer;
  /** scrypt of the password (32 bytes). */
  readonly hash: Buffer;
  readonly scopes: readonly Scope[];
}

interface RawEntry {
  readonly name: string;
  readonly secret: string;
  readonly scopes: readonly Scope[];
}

/**
 * `;`-separated `name:<secret>:scope,scope` entries; the first two `:` separate name and secret, the rest is the
 * comma-separated scope list (scopes contain `:`). Entries are identified by position or name in errors, never by
 * their secret part.
 */
function parseEntries(variable: string, value: string, label: string): RawEntry[] {
  const entries: RawEntry[] = [];
  const parts = value.split(';').map((part) => part.trim());
  parts.forEach((part, index) => {
    if (part === '') return;
    const first = part.indexOf(':');
    const second = first < 0 ? -1 : part.indexOf(':', first + 1);
    const name = part.slice(0, Math.max(first, 0)).trim();
    if (second < 0 || name === '') {
      throw configError(variable, `entry ${index + 1} is malformed (expected ${label}:<hash>:scope,scope)`);
    }
    if (entries.some((entry) => entry.name === name))
      throw configError(variable, `${label} "${name}" appears twice`);
    entries.push({
      name,
      secret: part.slice(first + 1, second).trim(),
      scopes: parseScopes(variable, label, name, part.slice(second + 1)),
    });
  });
  return entries;
}

function parseScopes(variable: string, label: string, name: string, list: string): Scope[] {
  const names = list
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
  if (names.length === 0) throw configError(variable, `${label} "${name}" has no scope`);
  const scopes: Scope[] = [];
  for (const scope of names) {
    if (!isScope(scope))
      throw configError(
        variable,
        `${label} "${name}" has unknown scope "${scope}" (known: ${SCOPES.join(', ')})`,
      );
    if (!scopes.includes(scope)) scopes.push(scope);
  }
  return scopes;
}

/** `API_KEYS`: `name:<sha256 hex of the key>:scope,scope;…` */
export function parseApiKeys(value: string | undefined): ApiKeyEntry[] {
  if (value === undefined) return [];
  const entries = parseEntries('API_KEYS', value, 'key').map(({ name, secret, scopes }) => {
    if (!/^[0-9a-fA-F]{64}$/.test(secret))
      throw configError('API_KEYS', `key "${name}": hash must be 64 hex characters (sha256 of the key)`);
    return { name, keyHash: Buffer.from(secret, 'hex'), scopes };
  });
  entries.forEach((entry, index) => {
    const twin = entries.findIndex((other) => other.keyHash.equals(entry.keyHash));
    if (twin !== index)
      throw configError('API_KEYS', `keys "${entries[twin].name}" and "${entry.name}" have the same hash`);
  });
  return entries;
}

/** `BASIC_AUTH_USERS`: `user:scrypt$<salthex>$<hashhex>:scope,scope;…` */
export function parseBasicUsers(value: string | undefined): BasicUserEntry[] {
  if (value === undefined) return [];
  return parseEntries('BASIC_AUTH_USERS', value, 'user').map(({ name, secret, scopes }) => {
    const parsed = parsePasswordHash(secret);
    if (!parsed) {
      throw configError(
        'BASIC_AUTH_USERS',
        `user "${name}": password hash must be scrypt$<salthex>$<hashhex> (salt ≥ 8 bytes, hash 32 bytes)`,
      );
    }
    return { user: name, salt: parsed.salt, hash: parsed.hash, scopes };
  });
}

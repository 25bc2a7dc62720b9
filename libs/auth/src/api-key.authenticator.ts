import { createHash, timingSafeEqual } from 'node:crypto';
import { CredentialRejection } from './auth.errors';
import type { ApiKeyEntry } from './credential-entries';
import { principal, type Principal } from './principal';

/**
 * `Authorization: Bearer <API key>` (security.md S1.2): the presented key is hashed with sha256 and compared with
 * every configured hash in constant time (no early exit, so timing says nothing about which entry matched).
 */
export class ApiKeyAuthenticator {
  private readonly keys: readonly { readonly hash: Buffer; readonly principal: Principal }[];

  constructor(entries: readonly ApiKeyEntry[]) {
    this.keys = entries.map((entry) => ({
      hash: entry.keyHash,
      principal: principal(entry.name, entry.scopes, 'apiKey'),
    }));
  }

  authenticate(key: string): Principal {
    const presented = createHash('sha256').update(key, 'utf8').digest();
    let found: Principal | undefined;
    for (const candidate of this.keys) {
      if (timingSafeEqual(presented, candidate.hash) && found === undefined) found = candidate.principal;
    }
    if (found === undefined) throw new CredentialRejection('invalid_credentials');
    return found;
  }
}

import { PassportStrategy } from '@nestjs/passport';
import { createHash, timingSafeEqual } from 'node:crypto';
import { HeaderAPIKeyStrategy } from 'passport-headerapikey';
import type { ApiKeyEntry } from '../credential-entries';
import { principal, type Principal } from '../principal';

/**
 * `Authorization: Bearer <API key>` (passport-headerapikey, header only): the presented key is hashed with sha256
 * and compared with every configured hash in constant time, without early exit, so timing says nothing about
 * which entry matched. `validate` answers `false` for an unknown key.
 */
export function createApiKeyStrategy(name: string, entries: readonly ApiKeyEntry[]): object {
  const keys = entries.map((entry) => ({
    hash: entry.keyHash,
    principal: principal(entry.name, entry.scopes, 'apiKey'),
  }));
  class ApiKeyStrategy extends PassportStrategy(HeaderAPIKeyStrategy, name) {
    constructor() {
      super({ header: 'Authorization', prefix: 'Bearer ' }, false);
    }

    validate(key: string): Principal | false {
      const presented = createHash('sha256').update(key, 'utf8').digest();
      let found: Principal | false = false;
      for (const candidate of keys) {
        if (timingSafeEqual(presented, candidate.hash) && found === false) found = candidate.principal;
      }
      return found;
    }
  }
  return new ApiKeyStrategy();
}

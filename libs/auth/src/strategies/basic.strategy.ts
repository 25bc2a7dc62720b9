import { PassportStrategy } from '@nestjs/passport';
import type { IncomingMessage } from 'node:http';
import { BasicStrategy } from 'passport-http';
import { decodeBasic } from '../authorization-header';
import type { BasicPasswordVerifier } from '../basic-password.verifier';
import type { Principal } from '../principal';

/**
 * `Authorization: Basic <base64(user:password)>` (passport-http). passport-http splits the decoded value at every
 * `:`, which would cut a password containing one; RFC 7617 splits at the first, so `validate` takes the password
 * from the header itself.
 */
export function createBasicStrategy(name: string, verifier: BasicPasswordVerifier): object {
  class BasicPasswordStrategy extends PassportStrategy(BasicStrategy, name) {
    constructor() {
      super({ passReqToCallback: true });
    }

    validate(request: IncomingMessage, userName: string): Promise<Principal> {
      return verifier.verify(userName, basicPassword(request.headers.authorization ?? ''));
    }
  }
  return new BasicPasswordStrategy();
}

function basicPassword(header: string): string {
  return decodeBasic(header.slice(header.indexOf(' ') + 1))?.password ?? '';
}

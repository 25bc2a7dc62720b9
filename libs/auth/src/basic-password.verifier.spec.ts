import { parseAuthConfig } from './auth.config';
import { CredentialRejection, type AuthFailureReason } from './auth.errors';
import { BasicPasswordVerifier, type BasicPasswordVerifierOptions } from './basic-password.verifier';
import type { BasicUserEntry } from './credential-entries';
import crypto from 'node:crypto';
import { basicUserEntry } from './testing';

async function reason(promise: Promise<unknown>): Promise<AuthFailureReason> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof CredentialRejection)) throw new Error(`expected a rejection, got ${String(error)}`);
  return error.reason;
}

describe('BasicPasswordVerifier', () => {
  let users: readonly BasicUserEntry[];
  const make = (options?: BasicPasswordVerifierOptions) => new BasicPasswordVerifier(users, options);

  beforeAll(async () => {
    const env = {
      BASIC_AUTH_USERS: [
        await basicUserEntry('ops', 'correct horse:battery', ['configuration:load', 'configuration:write']),
        await basicUserEntry('reader', 'pässwörd', ['configuration:read']),
      ].join(';'),
    };
    users = parseAuthConfig(env, ['basic']).basicUsers;
  });

  afterEach(() => jest.restoreAllMocks());

  it('accepts the right password (which may contain a colon) and returns the scopes', async () => {
    await expect(make().verify('ops', 'correct horse:battery')).resolves.toEqual({
      subject: 'ops',
      scopes: ['configuration:load', 'configuration:write'],
      scheme: 'basic',
    });
    await expect(make().verify('reader', 'pässwörd')).resolves.toMatchObject({
      subject: 'reader',
    });
  });

  it('rejects an unknown user and a wrong password alike', async () => {
    expect(await reason(make().verify('mallory', 'correct horse:battery'))).toBe('invalid_credentials');
    expect(await reason(make().verify('ops', 'wrong'))).toBe('invalid_credentials');
    expect(await reason(make().verify('ops', ''))).toBe('invalid_credentials');
  });

  it('spends one scrypt on an unknown user too, so timing does not reveal who exists', async () => {
    const scrypt = jest.spyOn(crypto, 'scrypt');
    await reason(make().verify('mallory', 'x'));
    expect(scrypt).toHaveBeenCalledTimes(1);
  });

  it('caches a success for 60 s so repeated requests skip scrypt', async () => {
    let now = 1_000_000;
    const verifier = make({ now: () => now });
    const scrypt = jest.spyOn(crypto, 'scrypt');
    const first = await verifier.verify('ops', 'correct horse:battery');
    for (let i = 0; i < 5; i += 1) expect(await verifier.verify('ops', 'correct horse:battery')).toBe(first);
    expect(scrypt).toHaveBeenCalledTimes(1);
    now += 60_000;
    await verifier.verify('ops', 'correct horse:battery');
    expect(scrypt).toHaveBeenCalledTimes(2);
  });

  it('answers the same wrong password from a 5 s failure cache, then verifies again', async () => {
    let now = 1_000_000;
    const verifier = make({ now: () => now });
    const scrypt = jest.spyOn(crypto, 'scrypt');
    for (let i = 0; i < 3; i += 1)
      expect(await reason(verifier.verify('ops', 'wrong'))).toBe('invalid_credentials');
    expect(scrypt).toHaveBeenCalledTimes(1);
    now += 5_000;
    expect(await reason(verifier.verify('ops', 'wrong'))).toBe('invalid_credentials');
    expect(scrypt).toHaveBeenCalledTimes(2);
  });

  it('keeps the caches bounded', async () => {
    const verifier = make({ cacheSize: 2, failureTtlMs: 60_000 });
    const scrypt = jest.spyOn(crypto, 'scrypt');
    await verifier.verify('ops', 'correct horse:battery');
    for (const password of ['a', 'b', 'c']) await reason(verifier.verify('ops', password));
    await verifier.verify('ops', 'correct horse:battery');
    expect(scrypt).toHaveBeenCalledTimes(4);
    await reason(verifier.verify('ops', 'a'));
    expect(scrypt).toHaveBeenCalledTimes(5);
  });
});

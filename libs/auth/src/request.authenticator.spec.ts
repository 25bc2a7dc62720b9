import { parseAuthConfig } from './auth.config';
import { AuthenticationError, type AuthFailureReason } from './auth.errors';
import type { AuthScheme } from './principal';
import { buildChallenge, RequestAuthenticator } from './request.authenticator';
import { apiKeyEntry, basicHeader, basicUserEntry, bearer, mintToken, TEST_JWT_SECRET } from './testing';

const CAPACITY: AuthScheme[] = ['jwt', 'apiKey', 'basic'];

async function failure(promise: Promise<unknown>): Promise<[AuthFailureReason, string, number]> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AuthenticationError))
    throw new Error(`expected AuthenticationError, got ${String(error)}`);
  return [error.reason, error.challenge, error.getStatus()];
}

describe('buildChallenge', () => {
  it('names Bearer for JWT or API keys and Basic for Basic, with the realm', () => {
    expect(buildChallenge(CAPACITY, 'capacity-service')).toBe(
      'Bearer realm="capacity-service", Basic realm="capacity-service"',
    );
    expect(buildChallenge(['jwt'], 'product-upload-service')).toBe('Bearer realm="product-upload-service"');
    expect(buildChallenge(['basic'], 'a "b"')).toBe('Basic realm="a \\"b\\""');
  });
});

describe('RequestAuthenticator', () => {
  const CHALLENGE = 'Bearer realm="capacity-service", Basic realm="capacity-service"';
  let capacity: RequestAuthenticator;
  let upload: RequestAuthenticator;

  beforeAll(async () => {
    const env = {
      JWT_SECRET: TEST_JWT_SECRET,
      API_KEYS: apiKeyEntry('checkout', 'ck-1', ['capacity:calculate']),
      BASIC_AUTH_USERS: await basicUserEntry('ops', 'pw', ['configuration:load']),
    };
    capacity = new RequestAuthenticator({
      schemes: CAPACITY,
      config: parseAuthConfig(env, CAPACITY),
      realm: 'capacity-service',
    });
    upload = new RequestAuthenticator({
      schemes: ['jwt'],
      config: parseAuthConfig(env, ['jwt']),
      realm: 'product-upload-service',
    });
  });

  it('dispatches JWT, API key and Basic credentials', async () => {
    await expect(
      capacity.authenticate(bearer(await mintToken({ scopes: ['capacity:reserve'] }))),
    ).resolves.toMatchObject({
      scheme: 'jwt',
      scopes: ['capacity:reserve'],
    });
    await expect(capacity.authenticate(bearer('ck-1'))).resolves.toMatchObject({
      scheme: 'apiKey',
      subject: 'checkout',
    });
    await expect(capacity.authenticate(basicHeader('ops', 'pw'))).resolves.toMatchObject({
      scheme: 'basic',
      subject: 'ops',
    });
  });

  it('accepts the scheme name in any case', async () => {
    await expect(capacity.authenticate('bearer ck-1')).resolves.toMatchObject({ subject: 'checkout' });
    await expect(capacity.authenticate(`BASIC ${basicHeader('ops', 'pw').slice(6)}`)).resolves.toMatchObject({
      subject: 'ops',
    });
  });

  it.each<[string, string | string[] | undefined, AuthFailureReason]>([
    ['no header', undefined, 'missing_credentials'],
    ['an empty header', '', 'missing_credentials'],
    ['a repeated header', ['Bearer a', 'Bearer b'], 'malformed_credentials'],
    ['a scheme without value', 'Bearer', 'malformed_credentials'],
    ['a scheme with a blank value', 'Bearer   ', 'malformed_credentials'],
    ['two values', 'Bearer ck-1 extra', 'malformed_credentials'],
    ['a value without scheme', 'ck-1', 'malformed_credentials'],
    ['an unsupported scheme', 'Digest username="ops"', 'unsupported_scheme'],
    ['an unknown API key', 'Bearer ck-2', 'invalid_credentials'],
    ['a JWT-shaped garbage token', 'Bearer aaa.bbb.ccc', 'invalid_token'],
    ['a wrong Basic password', basicHeader('ops', 'nope'), 'invalid_credentials'],
  ])('answers 401 to %s', async (_name, header, reason) => {
    expect(await failure(capacity.authenticate(header))).toEqual([reason, CHALLENGE, 401]);
  });

  it('refuses Basic and API keys on a JWT-only service', async () => {
    const challenge = 'Bearer realm="product-upload-service"';
    expect(await failure(upload.authenticate(basicHeader('ops', 'pw')))).toEqual([
      'unsupported_scheme',
      challenge,
      401,
    ]);
    expect(await failure(upload.authenticate(bearer('ck-1')))).toEqual(['invalid_token', challenge, 401]);
    await expect(
      upload.authenticate(bearer(await mintToken({ scopes: ['products:write'] }))),
    ).resolves.toMatchObject({
      scopes: ['products:write'],
    });
  });

  it('rejects JWTs when only API keys are configured, and API keys when only a JWT key is', async () => {
    const keysOnly = new RequestAuthenticator({
      schemes: CAPACITY,
      config: parseAuthConfig({ API_KEYS: apiKeyEntry('k', 'key', ['capacity:calculate']) }, CAPACITY),
      realm: 'r',
    });
    expect((await failure(keysOnly.authenticate(bearer(await mintToken()))))[0]).toBe('invalid_token');
    expect((await failure(keysOnly.authenticate(basicHeader('ops', 'pw'))))[0]).toBe('invalid_credentials');
    expect((await failure(upload.authenticate(bearer('key'))))[0]).toBe('invalid_token');
  });
});

import request from 'supertest';
import { basicHeader, bearer, mintToken } from '@delivery/auth/testing';
import {
  CapacityTestApp,
  startCapacityTestApp,
  TEST_API_KEY,
  TEST_API_KEY_NO_SCOPE,
  TEST_BASIC,
  TEST_BASIC_NO_SCOPE,
} from './testing/capacity-test-app';

/** security.md S2 on capacity-service: every way to be unauthenticated is 401 with a challenge, a missing scope 403. */
const PATH = '/capacity/v1/whoami';
const CHALLENGE = 'Bearer realm="capacity-service", Basic realm="capacity-service"';

describe('capacity-service auth matrix (S2)', () => {
  let t: CapacityTestApp;
  const get = (authorization?: string) => {
    const req = request(t.app.getHttpServer()).get(PATH);
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };

  beforeAll(async () => {
    t = await startCapacityTestApp({ JWT_ISSUER: 'https://id.example', JWT_AUDIENCE: 'delivery' });
  });
  afterAll(() => t.close());

  const valid = { scopes: ['capacity:calculate'], issuer: 'https://id.example', audience: 'delivery' };

  const unauthenticated: [string, () => Promise<string | undefined>][] = [
    ['no Authorization header', async () => undefined],
    ['an empty header', async () => ''],
    ['a scheme it does not know', async () => `Token ${await mintToken(valid)}`],
    ['Bearer without a value', async () => 'Bearer'],
    [
      'a bad signature',
      async () => bearer(await mintToken({ ...valid, key: 'another-secret-0123456789abcdefghijklmn' })),
    ],
    ['alg none', async () => bearer(await mintToken({ ...valid, alg: 'none' }))],
    ['a token expired 60 s ago', async () => bearer(await mintToken({ ...valid, expiresIn: -60 }))],
    ['a token without exp', async () => bearer(await mintToken({ ...valid, expiresIn: null }))],
    ['the wrong issuer', async () => bearer(await mintToken({ ...valid, issuer: 'https://evil.example' }))],
    ['the wrong audience', async () => bearer(await mintToken({ ...valid, audience: 'other' }))],
    ['an unknown API key', async () => bearer('not-a-known-key')],
    ['an unknown Basic user', async () => basicHeader('nobody', TEST_BASIC.password)],
    ['a wrong password', async () => basicHeader(TEST_BASIC.user, 'wrong password')],
    ['malformed Basic credentials', async () => 'Basic !!!'],
  ];

  it.each(unauthenticated)('401 UNAUTHORIZED with WWW-Authenticate for %s', async (_case, header) => {
    const res = await get(await header());
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe(CHALLENGE);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String), details: {} });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  const forbidden: [string, () => Promise<string>][] = [
    [
      'a JWT without the scope',
      async () => bearer(await mintToken({ ...valid, scopes: ['capacity:reserve'] })),
    ],
    ['a JWT with no scope at all', async () => bearer(await mintToken({ ...valid, scopes: undefined }))],
    ['an API key without the scope', async () => bearer(TEST_API_KEY_NO_SCOPE)],
    [
      'a Basic user without the scope',
      async () => basicHeader(TEST_BASIC_NO_SCOPE.user, TEST_BASIC_NO_SCOPE.password),
    ],
  ];

  it.each(forbidden)('403 FORBIDDEN for %s', async (_case, header) => {
    const res = await get(await header());
    expect(res.status).toBe(403);
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(res.body).toEqual({ code: 'FORBIDDEN', message: expect.any(String), details: {} });
  });

  it('200 with the scope, through each scheme', async () => {
    const jwt = await get(bearer(await mintToken({ ...valid, sub: 'checkout-web' })));
    expect(jwt.status).toBe(200);
    expect(jwt.body).toEqual({ subject: 'checkout-web', scheme: 'jwt', scopes: ['capacity:calculate'] });
    const scp = await get(
      bearer(
        await mintToken({
          ...valid,
          scopes: undefined,
          claims: { scp: ['capacity:calculate', 'capacity:reserve'] },
        }),
      ),
    );
    expect(scp.status).toBe(200);
    expect(scp.body.scopes).toEqual(['capacity:calculate', 'capacity:reserve']);
    const apiKey = await get(bearer(TEST_API_KEY));
    expect(apiKey.status).toBe(200);
    expect(apiKey.body).toEqual({ subject: 'checkout', scheme: 'apiKey', scopes: ['capacity:calculate'] });
    const basic = await get(basicHeader(TEST_BASIC.user, TEST_BASIC.password));
    expect(basic.status).toBe(200);
    expect(basic.body).toEqual({ subject: 'ops', scheme: 'basic', scopes: ['capacity:calculate'] });
  });

  it('accepts a token expired within the 30 s clock tolerance', async () => {
    const res = await get(bearer(await mintToken({ ...valid, expiresIn: -10 })));
    expect(res.status).toBe(200);
  });

  it('leaves health, metrics and the docs open', async () => {
    const server = t.app.getHttpServer();
    expect((await request(server).get('/health/live')).status).toBe(200);
    expect((await request(server).get('/metrics')).status).toBe(200);
    expect((await request(server).get('/capacity/v1/docs-json')).status).toBe(200);
  });
});

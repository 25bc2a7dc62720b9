import request from 'supertest';
import { basicHeader, bearer, mintToken } from '@delivery/auth/testing';
import { startUploadTestApp, UploadTestApp } from './upload-test-app';

/** docs/security.md on the upload service: JWT bearer only; 401 and 403 with an empty body (the upload API contract). */
const PATH = '/product-upload/v1/whoami';

describe('product-upload-service auth matrix (S2)', () => {
  let t: UploadTestApp;
  const get = (authorization?: string) => {
    const req = request(t.app.getHttpServer()).get(PATH);
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };

  beforeAll(async () => {
    t = await startUploadTestApp();
  });
  afterAll(() => t.close());

  const unauthenticated: [string, () => Promise<string | undefined>][] = [
    ['no Authorization header', async () => undefined],
    ['Bearer without a value', async () => 'Bearer '],
    [
      'a bad signature',
      async () =>
        bearer(
          await mintToken({ scopes: ['products:read'], key: 'another-secret-0123456789abcdefghijklmn' }),
        ),
    ],
    ['alg none', async () => bearer(await mintToken({ scopes: ['products:read'], alg: 'none' }))],
    ['an expired token', async () => bearer(await mintToken({ scopes: ['products:read'], expiresIn: -60 }))],
    [
      'a token without exp',
      async () => bearer(await mintToken({ scopes: ['products:read'], expiresIn: null })),
    ],
    ['an API key (not accepted here)', async () => bearer('some-api-key')],
    ['Basic credentials (not accepted here)', async () => basicHeader('ops', 'password')],
  ];

  it.each(unauthenticated)('401 with an empty body for %s', async (_case, header) => {
    const res = await get(await header());
    expect(res.status).toBe(401);
    expect(res.text).toBe('');
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('403 with an empty body without the scope', async () => {
    const res = await get(bearer(await mintToken({ scopes: ['products:write'] })));
    expect(res.status).toBe(403);
    expect(res.text).toBe('');
  });

  it('200 with the scope', async () => {
    const res = await get(bearer(await mintToken({ sub: 'pmm-export', scopes: ['products:read'] })));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subject: 'pmm-export', scheme: 'jwt', scopes: ['products:read'] });
  });

  it('declares only the bearer scheme in its OpenAPI document', async () => {
    const res = await request(t.app.getHttpServer()).get('/product-upload/v1/docs-json');
    expect(Object.keys(res.body.components.securitySchemes)).toEqual(['bearer']);
  });
});

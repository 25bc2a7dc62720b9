import request from 'supertest';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { CapacityTestApp, startCapacityTestApp } from './capacity-test-app';

/**
 * docs/operations.md, "Rotating the JWT key", over HTTP: with JWT_PREVIOUS_SECRET and JWT_PREVIOUS_UNTIL set, a
 * token signed with the previous secret is accepted until that instant and answered 401 from then on, while tokens
 * of the current secret pass throughout.
 */
const PREVIOUS_SECRET = 'the-previous-signing-secret-0123456789abcdef';
const GRACE_MS = 2_500;

describe('JWT key rotation through HTTP', () => {
  let t: CapacityTestApp;
  let until: number;
  beforeAll(async () => {
    until = Date.now() + GRACE_MS + 5_000; // start-up included
    t = await startCapacityTestApp({
      JWT_SECRET: TEST_JWT_SECRET,
      JWT_PREVIOUS_SECRET: PREVIOUS_SECRET,
      JWT_PREVIOUS_UNTIL: new Date(until).toISOString(),
    });
  });
  afterAll(() => t.close());

  const whoami = async (key: string) =>
    request(t.app.getHttpServer())
      .get('/capacity/v1/whoami')
      .set(
        'Authorization',
        bearer(await mintToken({ key, scopes: ['capacity:calculate'], sub: 'rotating' })),
      );

  it('accepts the previous key during the grace period and answers 401 after it; the current key throughout', async () => {
    expect(Date.now()).toBeLessThan(until);
    const during = await whoami(PREVIOUS_SECRET);
    expect([during.status, during.body]).toEqual([
      200,
      { subject: 'rotating', scopes: ['capacity:calculate'], scheme: 'jwt' },
    ]);
    expect((await whoami(TEST_JWT_SECRET)).status).toBe(200);
    expect((await whoami('a-key-that-was-never-configured-0123456789')).status).toBe(401);

    await new Promise((resolve) => setTimeout(resolve, until - Date.now() + 50));
    const after = await whoami(PREVIOUS_SECRET);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    expect((await whoami(TEST_JWT_SECRET)).status).toBe(200);
  });
});

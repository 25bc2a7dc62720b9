import { ServiceUnavailableException } from '@nestjs/common';
import { parseAuthConfig } from '../auth.config';
import { CredentialRejection, type AuthFailureReason } from '../auth.errors';
import {
  HeaderAuthenticator,
  generateEcKeyPair,
  generateRsaKeyPair,
  mintToken,
  startJwksServer,
  TEST_JWT_SECRET,
} from '../testing';

const rsa = generateRsaKeyPair();
const ec = generateEcKeyPair();

const opened: HeaderAuthenticator[] = [];
afterAll(() => opened.forEach((authenticator) => authenticator.close()));

/** The JWT strategy of a service configured by `env`, fed `Authorization: Bearer <token>`. */
function jwtStrategy(env: Record<string, string>) {
  const authenticator = new HeaderAuthenticator(['jwt'], parseAuthConfig(env, ['jwt']));
  opened.push(authenticator);
  return { authenticate: (token: string) => authenticator.authenticate(`Bearer ${token}`) };
}

const hs256 = (env: Record<string, string> = {}) => jwtStrategy({ JWT_SECRET: TEST_JWT_SECRET, ...env });

async function rejection(promise: Promise<unknown>): Promise<AuthFailureReason> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof CredentialRejection)) throw new Error(`expected a rejection, got ${String(error)}`);
  return error.reason;
}

describe('the passport-jwt strategy', () => {
  it('accepts an HS256 token and reads subject and scopes', async () => {
    const token = await mintToken({
      sub: 'checkout',
      scopes: ['capacity:calculate', 'openid', 'products:read'],
    });
    await expect(hs256().authenticate(token)).resolves.toEqual({
      subject: 'checkout',
      scopes: ['capacity:calculate', 'products:read'],
      scheme: 'jwt',
    });
  });

  it('merges scopes from scope, scp and roles', async () => {
    const token = await mintToken({
      claims: { scope: 'capacity:calculate', scp: ['capacity:reserve'], roles: ['products:write', 'admin'] },
    });
    expect((await hs256().authenticate(token)).scopes).toEqual([
      'capacity:calculate',
      'capacity:reserve',
      'products:write',
    ]);
  });

  it('accepts an RS256 token against a PEM key', async () => {
    const authenticator = jwtStrategy({ JWT_PUBLIC_KEY: rsa.publicKeyPem });
    const token = await mintToken({ key: rsa.privateKey, scopes: ['products:write'] });
    expect((await authenticator.authenticate(token)).scopes).toEqual(['products:write']);
  });

  it('accepts an ES256 token against a PEM key', async () => {
    const authenticator = jwtStrategy({ JWT_PUBLIC_KEY: ec.publicKeyPem });
    const token = await mintToken({ key: ec.privateKey, scopes: ['configuration:read'] });
    expect((await authenticator.authenticate(token)).scopes).toEqual(['configuration:read']);
  });

  it('rejects alg: none', async () => {
    const token = await mintToken({ alg: 'none', scopes: ['capacity:calculate'] });
    expect(token.endsWith('.')).toBe(true);
    expect(await rejection(hs256().authenticate(token))).toBe('invalid_token');
  });

  it('rejects an HS256 token signed with the public key against an RS256 config (algorithm confusion)', async () => {
    const authenticator = jwtStrategy({ JWT_PUBLIC_KEY: rsa.publicKeyPem });
    const token = await mintToken({ key: rsa.publicKeyPem, alg: 'HS256' });
    expect(await rejection(authenticator.authenticate(token))).toBe('invalid_token');
  });

  it('rejects an RS256 token against an HS256 config and an ES256 token against an RS256 key', async () => {
    expect(await rejection(hs256().authenticate(await mintToken({ key: rsa.privateKey })))).toBe(
      'invalid_token',
    );
    const rs = jwtStrategy({ JWT_PUBLIC_KEY: rsa.publicKeyPem });
    expect(await rejection(rs.authenticate(await mintToken({ key: ec.privateKey })))).toBe('invalid_token');
  });

  it('rejects a bad signature and a garbled token', async () => {
    const other = await mintToken({ key: 'another-secret-that-is-long-enough-000' });
    expect(await rejection(hs256().authenticate(other))).toBe('invalid_token');
    expect(await rejection(hs256().authenticate('abc.def.ghi'))).toBe('invalid_token');
  });

  it('rejects a token expired by 31 s and accepts one expired by 10 s (30 s tolerance)', async () => {
    expect(await rejection(hs256().authenticate(await mintToken({ expiresIn: -31 })))).toBe('expired_token');
    await expect(hs256().authenticate(await mintToken({ expiresIn: -10 }))).resolves.toMatchObject({
      scheme: 'jwt',
    });
  });

  it('rejects a token without exp', async () => {
    expect(await rejection(hs256().authenticate(await mintToken({ expiresIn: null })))).toBe('invalid_token');
  });

  it('checks issuer and audience when configured', async () => {
    const authenticator = hs256({ JWT_ISSUER: 'https://idp', JWT_AUDIENCE: 'capacity-service' });
    const good = await mintToken({ issuer: 'https://idp', audience: 'capacity-service' });
    await expect(authenticator.authenticate(good)).resolves.toMatchObject({ subject: 'test-user' });
    for (const token of [
      await mintToken({ issuer: 'https://evil', audience: 'capacity-service' }),
      await mintToken({ issuer: 'https://idp', audience: 'upload-service' }),
      await mintToken({ audience: 'capacity-service' }),
      await mintToken({ issuer: 'https://idp' }),
    ]) {
      expect(await rejection(authenticator.authenticate(token))).toBe('invalid_token');
    }
  });

  describe('with a JWKS endpoint', () => {
    it('verifies RS256 and ES256 tokens and fetches the key set once per kid for many verifications', async () => {
      const server = await startJwksServer([await rsa.publicJwk('rsa-1'), await ec.publicJwk('ec-1')]);
      try {
        const authenticator = jwtStrategy({ JWT_JWKS_URI: server.uri });
        for (let i = 0; i < 20; i += 1) {
          const key = i % 2 === 0 ? rsa : ec;
          const token = await mintToken({
            key: key.privateKey,
            kid: i % 2 === 0 ? 'rsa-1' : 'ec-1',
            sub: `user-${i}`,
          });
          expect((await authenticator.authenticate(token)).subject).toBe(`user-${i}`);
        }
        expect(server.requests).toBe(2);
      } finally {
        await server.close();
      }
    });

    it('rejects a token signed by a key that is not in the set, and an HS256 token', async () => {
      const server = await startJwksServer([await rsa.publicJwk('rsa-1')]);
      try {
        const authenticator = jwtStrategy({ JWT_JWKS_URI: server.uri });
        const stranger = generateRsaKeyPair();
        expect(
          await rejection(
            authenticator.authenticate(await mintToken({ key: stranger.privateKey, kid: 'rsa-1' })),
          ),
        ).toBe('invalid_token');
        expect(
          await rejection(
            authenticator.authenticate(await mintToken({ key: stranger.privateKey, kid: 'rsa-2' })),
          ),
        ).toBe('invalid_token');
        expect(await rejection(authenticator.authenticate(await mintToken({ kid: 'rsa-1' })))).toBe(
          'invalid_token',
        );
      } finally {
        await server.close();
      }
    });

    it('takes the only key of the set for a token without kid, and refuses to guess among several', async () => {
      const next = generateRsaKeyPair();
      const single = await startJwksServer([await next.publicJwk('new')]);
      const several = await startJwksServer([await rsa.publicJwk('old'), await next.publicJwk('new')]);
      try {
        const token = await mintToken({ key: next.privateKey, sub: 'rotated' });
        await expect(jwtStrategy({ JWT_JWKS_URI: single.uri }).authenticate(token)).resolves.toMatchObject({
          subject: 'rotated',
        });
        expect(await rejection(jwtStrategy({ JWT_JWKS_URI: several.uri }).authenticate(token))).toBe(
          'invalid_token',
        );
      } finally {
        await single.close();
        await several.close();
      }
    });

    it('does not fetch the key set for a token whose alg is not pinned', async () => {
      const server = await startJwksServer([await rsa.publicJwk('rsa-1')]);
      try {
        const strategy = jwtStrategy({ JWT_JWKS_URI: server.uri, JWT_ALGORITHMS: 'RS256' });
        expect(
          await rejection(strategy.authenticate(await mintToken({ key: ec.privateKey, kid: 'rsa-1' }))),
        ).toBe('invalid_token');
        expect(server.requests).toBe(0);
      } finally {
        await server.close();
      }
    });

    it('answers 503, not 401, when the key set cannot be fetched', async () => {
      const server = await startJwksServer([]);
      const uri = server.uri;
      await server.close();
      const authenticator = jwtStrategy({ JWT_JWKS_URI: uri });
      const token = await mintToken({ key: rsa.privateKey, kid: 'rsa-1' });
      await expect(authenticator.authenticate(token)).rejects.toBeInstanceOf(ServiceUnavailableException);
    });
  });
});

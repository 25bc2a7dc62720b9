import { parseAuthConfig } from './auth.config';
import { CredentialRejection } from './auth.errors';
import {
  generateEcKeyPair,
  generateRsaKeyPair,
  HeaderAuthenticator,
  mintToken,
  TEST_JWT_SECRET,
} from './testing';

const NEW_SECRET = 'new-secret-abcdefghijklmnopqrstuvwxyz-0123456789';
const UNTIL = '2026-12-01T00:00:00Z';
/** A grace period still running, and one that has ended, whenever the test runs. */
const GRACE = new Date(Date.now() + 3_600_000).toISOString();
const ENDED = new Date(Date.now() - 60_000).toISOString();

const opened: HeaderAuthenticator[] = [];
afterAll(() => opened.forEach((authenticator) => authenticator.close()));

/** The passport-jwt strategy of a service configured by `env`: the subject a token authenticates as, or why not. */
function strategy(env: Record<string, string>) {
  const authenticator = new HeaderAuthenticator(['jwt'], parseAuthConfig(env, ['jwt']));
  opened.push(authenticator);
  return (token: string) =>
    authenticator.authenticate(`Bearer ${token}`).then(
      (principal) => principal.subject,
      (error: unknown) => (error instanceof CredentialRejection ? error.reason : String(error)),
    );
}
const problem = (env: Record<string, string>) => {
  try {
    parseAuthConfig(env, ['jwt']);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('JWT key rotation (previous key during a grace period)', () => {
  it('accepts tokens of the previous secret until JWT_PREVIOUS_UNTIL, and of the new one always', async () => {
    const old = await mintToken({ key: TEST_JWT_SECRET, sub: 'old' });
    const fresh = await mintToken({ key: NEW_SECRET, sub: 'new' });
    const other = await mintToken({ key: 'x'.repeat(40) });
    const during = strategy({
      JWT_SECRET: NEW_SECRET,
      JWT_PREVIOUS_SECRET: TEST_JWT_SECRET,
      JWT_PREVIOUS_UNTIL: GRACE,
    });
    expect([await during(old), await during(fresh), await during(other)]).toEqual([
      'old',
      'new',
      'invalid_token',
    ]);
    const after = strategy({
      JWT_SECRET: NEW_SECRET,
      JWT_PREVIOUS_SECRET: TEST_JWT_SECRET,
      JWT_PREVIOUS_UNTIL: ENDED,
    });
    expect([await after(old), await after(fresh)]).toEqual(['invalid_token', 'new']);
  });

  it('accepts the previous public key, even of another type (RSA to EC), only for its algorithm', async () => {
    const rsa = generateRsaKeyPair();
    const ec = generateEcKeyPair();
    const env = { JWT_PUBLIC_KEY: ec.publicKeyPem, JWT_PREVIOUS_PUBLIC_KEY: rsa.publicKeyPem };
    const old = await mintToken({ key: rsa.privateKey, sub: 'rsa' });
    const fresh = await mintToken({ key: ec.privateKey, sub: 'ec' });
    // an HS256 token "signed" with the RSA public key's bytes: algorithm confusion stays refused
    const confused = await mintToken({ key: rsa.publicKeyPem, alg: 'HS256' });
    const during = strategy({ ...env, JWT_PREVIOUS_UNTIL: GRACE });
    expect([await during(old), await during(fresh), await during(confused)]).toEqual([
      'rsa',
      'ec',
      'invalid_token',
    ]);
    const after = strategy({ ...env, JWT_PREVIOUS_UNTIL: ENDED });
    expect([await after(old), await after(fresh)]).toEqual(['invalid_token', 'ec']);
  });

  it('still checks expiry, issuer and audience on a token of the previous key', async () => {
    const during = strategy({
      JWT_SECRET: NEW_SECRET,
      JWT_ISSUER: 'https://id.example.com',
      JWT_PREVIOUS_SECRET: TEST_JWT_SECRET,
      JWT_PREVIOUS_UNTIL: GRACE,
    });
    const wrongIssuer = await mintToken({ key: TEST_JWT_SECRET, issuer: 'https://evil.example.com' });
    const expired = await mintToken({
      key: TEST_JWT_SECRET,
      issuer: 'https://id.example.com',
      expiresIn: -3600,
    });
    const good = await mintToken({ key: TEST_JWT_SECRET, issuer: 'https://id.example.com', sub: 'old' });
    expect([await during(wrongIssuer), await during(expired), await during(good)]).toEqual([
      'invalid_token',
      'expired_token',
      'old',
    ]);
  });

  it('refuses a previous key that does not match the current key source, or has no valid end', () => {
    expect(problem({ JWT_SECRET: NEW_SECRET, JWT_PREVIOUS_SECRET: TEST_JWT_SECRET })).toMatch(
      /^JWT_PREVIOUS_UNTIL: must be set with a previous key/,
    );
    expect(
      problem({
        JWT_SECRET: NEW_SECRET,
        JWT_PREVIOUS_SECRET: TEST_JWT_SECRET,
        JWT_PREVIOUS_UNTIL: '2026-12-01',
      }),
    ).toMatch(/^JWT_PREVIOUS_UNTIL: must be set with a previous key, as an ISO 8601 time with offset/);
    expect(problem({ JWT_SECRET: NEW_SECRET, JWT_PREVIOUS_SECRET: 'short', JWT_PREVIOUS_UNTIL: UNTIL })).toBe(
      'JWT_PREVIOUS_SECRET: must be at least 32 characters',
    );
    expect(
      problem({
        JWT_SECRET: NEW_SECRET,
        JWT_PREVIOUS_PUBLIC_KEY: generateEcKeyPair().publicKeyPem,
        JWT_PREVIOUS_UNTIL: UNTIL,
      }),
    ).toBe('JWT_PREVIOUS_PUBLIC_KEY: goes with JWT_SECRET: set JWT_PREVIOUS_SECRET instead');
    expect(
      problem({
        JWT_JWKS_URI: 'https://id.example.com/jwks',
        JWT_PREVIOUS_SECRET: TEST_JWT_SECRET,
        JWT_PREVIOUS_UNTIL: UNTIL,
      }),
    ).toBe(
      'JWT_PREVIOUS_SECRET: cannot be used with JWT_JWKS_URI (publish the previous key in the JWKS instead)',
    );
    expect(problem({ JWT_SECRET: NEW_SECRET, JWT_PREVIOUS_UNTIL: UNTIL })).toBe(
      'JWT_PREVIOUS_UNTIL: is set but no previous key is',
    );
    expect(
      problem({ JWT_SECRET: NEW_SECRET, JWT_PREVIOUS_PUBLIC_KEY: 'not a pem', JWT_PREVIOUS_UNTIL: UNTIL }),
    ).toBe('JWT_PREVIOUS_PUBLIC_KEY: goes with JWT_SECRET: set JWT_PREVIOUS_SECRET instead');
    expect(
      problem({
        JWT_PUBLIC_KEY: generateEcKeyPair().publicKeyPem,
        JWT_PREVIOUS_PUBLIC_KEY: 'not a pem',
        JWT_PREVIOUS_UNTIL: UNTIL,
      }),
    ).toBe('JWT_PREVIOUS_PUBLIC_KEY: is not a valid PEM public key');
  });
});

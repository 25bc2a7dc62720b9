import { parseAuthConfig } from './auth.config';
import { hashApiKey } from './credential-hashing';
import { generateEcKeyPair, generateRsaKeyPair, TEST_JWT_SECRET } from './testing';
import { generateKeyPairSync } from 'node:crypto';
import { inspect } from 'node:util';

const ALL = ['jwt', 'apiKey', 'basic'] as const;
const HASH = 'scrypt$00112233445566778899aabbccddeeff$' + 'ab'.repeat(32);
const rsa = generateRsaKeyPair();
const ec = generateEcKeyPair();

describe('parseAuthConfig', () => {
  it('reads an HS256 secret with issuer and audience', () => {
    const config = parseAuthConfig(
      { JWT_SECRET: TEST_JWT_SECRET, JWT_ISSUER: 'idp', JWT_AUDIENCE: 'capacity' },
      ALL,
    );
    expect(config.jwt?.source.kind).toBe('secret');
    expect(config.jwt?.algorithms).toEqual(['HS256']);
    expect(config.jwt?.issuer).toBe('idp');
    expect(config.jwt?.audience).toBe('capacity');
    expect(config.apiKeys).toEqual([]);
    expect(config.basicUsers).toEqual([]);
  });

  it('never exposes the secret when the config is printed', () => {
    const config = parseAuthConfig({ JWT_SECRET: TEST_JWT_SECRET }, ['jwt']);
    expect(JSON.stringify(config)).not.toContain(TEST_JWT_SECRET);
    expect(inspect(config, { depth: 10 })).not.toContain(TEST_JWT_SECRET);
  });

  it('detects RS256 and ES256 from the PEM key type, also with escaped newlines', () => {
    expect(parseAuthConfig({ JWT_PUBLIC_KEY: rsa.publicKeyPem }, ['jwt']).jwt?.algorithms).toEqual(['RS256']);
    const oneLine = ec.publicKeyPem.trim().replace(/\n/g, '\\n');
    expect(parseAuthConfig({ JWT_PUBLIC_KEY: oneLine }, ['jwt']).jwt?.algorithms).toEqual(['ES256']);
  });

  it('allows RS256 and ES256 from a JWKS unless JWT_ALGORITHMS pins one', () => {
    const uri = 'https://idp.example/.well-known/jwks.json';
    expect(parseAuthConfig({ JWT_JWKS_URI: uri }, ['jwt']).jwt).toMatchObject({
      algorithms: ['RS256', 'ES256'],
    });
    expect(parseAuthConfig({ JWT_JWKS_URI: uri, JWT_ALGORITHMS: 'ES256' }, ['jwt']).jwt?.algorithms).toEqual([
      'ES256',
    ]);
  });

  it('parses API_KEYS and BASIC_AUTH_USERS (scopes after the second colon)', () => {
    const config = parseAuthConfig(
      {
        API_KEYS: `checkout:${hashApiKey('k1')}:capacity:calculate,capacity:reserve; oms:${hashApiKey('k2')}:capacity:calculate;`,
        BASIC_AUTH_USERS: `ops:${HASH}:configuration:load`,
      },
      ALL,
    );
    expect(config.jwt).toBeUndefined();
    expect(config.apiKeys.map((k) => [k.name, k.keyHash.toString('hex'), k.scopes])).toEqual([
      ['checkout', hashApiKey('k1'), ['capacity:calculate', 'capacity:reserve']],
      ['oms', hashApiKey('k2'), ['capacity:calculate']],
    ]);
    expect(config.basicUsers.map((u) => [u.user, u.salt.toString('hex'), u.scopes])).toEqual([
      ['ops', '00112233445566778899aabbccddeeff', ['configuration:load']],
    ]);
  });

  it('ignores the variables of schemes the service does not accept', () => {
    const config = parseAuthConfig(
      { JWT_SECRET: TEST_JWT_SECRET, API_KEYS: 'garbage', BASIC_AUTH_USERS: 'x' },
      ['jwt'],
    );
    expect(config.apiKeys).toEqual([]);
    expect(config.basicUsers).toEqual([]);
  });

  it('treats blank variables as unset', () => {
    const config = parseAuthConfig({ JWT_SECRET: TEST_JWT_SECRET, JWT_PUBLIC_KEY: '  ', JWT_ISSUER: '' }, [
      'jwt',
    ]);
    expect(config.jwt?.source.kind).toBe('secret');
    expect(config.jwt?.issuer).toBeUndefined();
  });

  const ed25519 = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
  const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
  const rsaPrivate = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = hashApiKey('k');

  it.each<[string, Record<string, string>, readonly ('jwt' | 'apiKey' | 'basic')[], string]>([
    [
      'nothing configured (capacity)',
      {},
      ALL,
      'JWT_SECRET: no way to verify credentials; set one of JWT_SECRET, JWT_PUBLIC_KEY, JWT_JWKS_URI, API_KEYS, BASIC_AUTH_USERS',
    ],
    [
      'nothing configured (upload)',
      { API_KEYS: `a:${key}:products:read` },
      ['jwt'],
      'JWT_SECRET: no way to verify credentials; set one of JWT_SECRET, JWT_PUBLIC_KEY, JWT_JWKS_URI',
    ],
    ['short secret', { JWT_SECRET: 'short-secret' }, ALL, 'JWT_SECRET: must be at least 32 characters'],
    [
      'two key sources',
      { JWT_SECRET: TEST_JWT_SECRET, JWT_JWKS_URI: 'https://idp/jwks' },
      ALL,
      'JWT_JWKS_URI: only one of JWT_SECRET, JWT_PUBLIC_KEY, JWT_JWKS_URI may be set (JWT_SECRET and JWT_JWKS_URI are)',
    ],
    [
      'bad PEM',
      { JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----' },
      ALL,
      'JWT_PUBLIC_KEY: is not a valid PEM public key',
    ],
    [
      'private key',
      { JWT_PUBLIC_KEY: rsaPrivate },
      ALL,
      'JWT_PUBLIC_KEY: is a private key; give the public key',
    ],
    [
      'Ed25519 key',
      { JWT_PUBLIC_KEY: ed25519 },
      ALL,
      'JWT_PUBLIC_KEY: unsupported key type ed25519 (RSA or EC P-256 expected)',
    ],
    ['P-384 key', { JWT_PUBLIC_KEY: p384 }, ALL, 'JWT_PUBLIC_KEY: EC key must use curve P-256 (ES256)'],
    ['RSA 1024', { JWT_PUBLIC_KEY: rsa1024 }, ALL, 'JWT_PUBLIC_KEY: RSA key must be at least 2048 bits'],
    ['JWKS not a URL', { JWT_JWKS_URI: 'not a url' }, ALL, 'JWT_JWKS_URI: is not a valid URL'],
    ['JWKS not http', { JWT_JWKS_URI: 'ftp://idp/jwks' }, ALL, 'JWT_JWKS_URI: must be an http(s) URL'],
    [
      'unknown algorithm',
      { JWT_SECRET: TEST_JWT_SECRET, JWT_ALGORITHMS: 'HS512' },
      ALL,
      'JWT_ALGORITHMS: unknown algorithm "HS512" (expected HS256, RS256, ES256)',
    ],
    [
      'algorithm not fitting the key',
      { JWT_PUBLIC_KEY: rsa.publicKeyPem, JWT_ALGORITHMS: 'ES256' },
      ALL,
      'JWT_ALGORITHMS: ES256 cannot be used with JWT_PUBLIC_KEY (allowed: RS256)',
    ],
    [
      'HS256 pinned on a JWKS',
      { JWT_JWKS_URI: 'https://idp/jwks', JWT_ALGORITHMS: 'HS256' },
      ALL,
      'JWT_ALGORITHMS: HS256 cannot be used with JWT_JWKS_URI (allowed: RS256, ES256)',
    ],
    [
      'empty algorithm list',
      { JWT_SECRET: TEST_JWT_SECRET, JWT_ALGORITHMS: ' , ' },
      ALL,
      'JWT_ALGORITHMS: lists no algorithm',
    ],
    [
      'algorithms without key',
      { JWT_ALGORITHMS: 'RS256', API_KEYS: `a:${key}:products:read` },
      ALL,
      'JWT_ALGORITHMS: is set but none of JWT_SECRET, JWT_PUBLIC_KEY, JWT_JWKS_URI is',
    ],
    [
      'API key entry without colons',
      { API_KEYS: `a:${key}:products:read;justakey` },
      ALL,
      'API_KEYS: entry 2 is malformed (expected key:<hash>:scope,scope)',
    ],
    ['API key entry with one colon', { API_KEYS: 'name:secret' }, ALL, 'API_KEYS: entry 1 is malformed'],
    [
      'API key entry without name',
      { API_KEYS: `:${key}:products:read` },
      ALL,
      'API_KEYS: entry 1 is malformed',
    ],
    [
      'API key hash not sha256 hex',
      { API_KEYS: 'a:plaintext-key:products:read' },
      ALL,
      'API_KEYS: key "a": hash must be 64 hex characters (sha256 of the key)',
    ],
    [
      'API key unknown scope',
      { API_KEYS: `a:${key}:capacity:calculate,capacity:delete` },
      ALL,
      'API_KEYS: key "a" has unknown scope "capacity:delete"',
    ],
    ['API key without scope', { API_KEYS: `a:${key}:` }, ALL, 'API_KEYS: key "a" has no scope'],
    [
      'API key name twice',
      { API_KEYS: `a:${key}:products:read;a:${hashApiKey('x')}:products:read` },
      ALL,
      'API_KEYS: key "a" appears twice',
    ],
    [
      'API key hash twice',
      { API_KEYS: `a:${key}:products:read;b:${key}:products:read` },
      ALL,
      'API_KEYS: keys "a" and "b" have the same hash',
    ],
    [
      'Basic entry malformed',
      { BASIC_AUTH_USERS: 'alice' },
      ALL,
      'BASIC_AUTH_USERS: entry 1 is malformed (expected user:<hash>:scope,scope)',
    ],
    [
      'Basic plain-text password',
      { BASIC_AUTH_USERS: 'alice:hunter2:products:read' },
      ALL,
      'BASIC_AUTH_USERS: user "alice": password hash must be scrypt$<salthex>$<hashhex>',
    ],
    [
      'Basic short hash',
      { BASIC_AUTH_USERS: `alice:scrypt$0011223344556677$abcd:products:read` },
      ALL,
      'BASIC_AUTH_USERS: user "alice": password hash',
    ],
    [
      'Basic unknown scope',
      { BASIC_AUTH_USERS: `alice:${HASH}:admin` },
      ALL,
      'BASIC_AUTH_USERS: user "alice" has unknown scope "admin"',
    ],
  ])('refuses %s', (_name, env, schemes, message) => {
    let thrown: unknown;
    try {
      parseAuthConfig(env, schemes);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message.slice(0, message.length)).toBe(message);
  });

  it('never puts a secret value in its messages', () => {
    expect(() => parseAuthConfig({ JWT_SECRET: 'too-short-but-secret' }, ALL)).toThrow(/^JWT_SECRET: /);
    expect(() => parseAuthConfig({ JWT_SECRET: 'too-short-but-secret' }, ALL)).not.toThrow(
      /too-short-but-secret/,
    );
    expect(() => parseAuthConfig({ API_KEYS: 'a:raw-key-value:products:read' }, ALL)).not.toThrow(
      /raw-key-value/,
    );
    expect(() => parseAuthConfig({ BASIC_AUTH_USERS: 'u:hunter2:products:read' }, ALL)).not.toThrow(
      /hunter2/,
    );
    expect(() => parseAuthConfig({ API_KEYS: 'rawkeypastedalone' }, ALL)).not.toThrow(/rawkeypastedalone/);
  });
});

describe('parseAuthConfig limits', () => {
  const base = { JWT_SECRET: TEST_JWT_SECRET };

  it('turns both limits on by default, per address only with TRUST_PROXY, and 0 switches each off', () => {
    expect(parseAuthConfig(base, ['jwt']).limits).toEqual({
      failures: { limit: 10, windowMs: 300_000, blockMs: 300_000, byAddress: false },
      rate: { limit: 60_000, windowMs: 60_000 },
      store: { timeoutMs: 50 },
    });
    expect(
      parseAuthConfig({ ...base, AUTH_FAILURE_LIMIT: '5', RATE_LIMIT: '600', TRUST_PROXY: '1' }, ['jwt'])
        .limits,
    ).toEqual({
      failures: { limit: 5, windowMs: 300_000, blockMs: 300_000, byAddress: true },
      rate: { limit: 600, windowMs: 60_000 },
      store: { timeoutMs: 50 },
    });
    expect(parseAuthConfig({ ...base, AUTH_FAILURE_LIMIT: '0', RATE_LIMIT: '0' }, ['jwt']).limits).toEqual({
      failures: undefined,
      rate: undefined,
      store: { timeoutMs: 50 },
    });
  });

  it('counts in memory unless LIMITS_STORE_URL names a Redis, and requires it (or memory) in production', () => {
    const store = (env: Record<string, string>) => parseAuthConfig({ ...base, ...env }, ['jwt']).limits.store;
    expect(store({ LIMITS_STORE_URL: 'redis://limits-store:6379', LIMITS_STORE_TIMEOUT_MS: '20' })).toEqual({
      url: 'redis://limits-store:6379',
      timeoutMs: 20,
    });
    expect(store({ LIMITS_STORE_URL: 'rediss://:pw@limits-store:6380/2' }).url).toBe(
      'rediss://:pw@limits-store:6380/2',
    );
    expect(store({ NODE_ENV: 'production', LIMITS_STORE_URL: 'memory' })).toEqual({ timeoutMs: 50 });
    expect(store({ NODE_ENV: 'development' })).toEqual({ timeoutMs: 50 });
    expect(() => store({ NODE_ENV: 'production' })).toThrow(
      'LIMITS_STORE_URL: is required when NODE_ENV=production: a redis:// URL the replicas share, or memory to count per replica',
    );
  });

  it('refuses a store URL of another protocol without echoing it, and a timeout out of range', () => {
    const parse = (env: Record<string, string>) => () => parseAuthConfig({ ...base, ...env }, ['jwt']);
    expect(parse({ LIMITS_STORE_URL: 'http://user:s3cret@cache:6379' })).toThrow(
      'LIMITS_STORE_URL: must be a redis:// or rediss:// URL, or memory',
    );
    expect(parse({ LIMITS_STORE_URL: 'http://user:s3cret@cache:6379' })).not.toThrow(/s3cret/);
    expect(parse({ LIMITS_STORE_URL: 'localhost:6379' })).toThrow('LIMITS_STORE_URL: must be a redis://');
    expect(parse({ LIMITS_STORE_TIMEOUT_MS: '0' })).toThrow(
      'LIMITS_STORE_TIMEOUT_MS: must be an integer from 1 to 5000 (got "0")',
    );
  });

  it.each([
    ['AUTH_FAILURE_LIMIT', '-1', 'AUTH_FAILURE_LIMIT: must be an integer from 0 to 1000000 (got "-1")'],
    ['RATE_LIMIT', 'ten', 'RATE_LIMIT: must be an integer from 0 to 1000000 (got "ten")'],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => parseAuthConfig({ ...base, [name]: value }, ['jwt'])).toThrow(message);
  });

  it('refuses a zero window once the limit is on', () => {
    expect(() =>
      parseAuthConfig({ ...base, AUTH_FAILURE_LIMIT: '5', AUTH_FAILURE_BLOCK_SECONDS: '0' }, ['jwt']),
    ).toThrow('AUTH_FAILURE_BLOCK_SECONDS: must be an integer from 1 to 86400 (got "0")');
  });
});

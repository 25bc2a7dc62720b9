import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { jwtVerify } from 'jose';
import { parseAuthConfig } from '@delivery/auth';
import { HeaderAuthenticator, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { issueToken, parseTokenArgs, resolveSecret } from './token.cli';

const ROOT = path.resolve(__dirname, '../..');
const secretKey = new TextEncoder().encode(TEST_JWT_SECRET);

function runCli(args: string[], env: Record<string, string>) {
  const { JWT_SECRET: _secret, JWT_ISSUER: _issuer, JWT_AUDIENCE: _audience, ...inherited } = process.env;
  return promisify(execFile)('node', ['-r', './tools/register.js', 'tools/auth/token.cli.ts', ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
  });
}

describe('token CLI', () => {
  it('prints only a token signed with JWT_SECRET, with the exact scope claim and a future exp', async () => {
    const { stdout, stderr } = await runCli(['--scope', 'capacity:calculate'], {
      JWT_SECRET: TEST_JWT_SECRET,
    });
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    const { payload, protectedHeader } = await jwtVerify(stdout.trim(), secretKey, { algorithms: ['HS256'] });
    const now = Math.floor(Date.now() / 1000);
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.scope).toBe('capacity:calculate');
    expect(payload.sub).toBe('dev');
    expect(payload.exp).toBeGreaterThan(now);
    expect(payload.exp).toBeLessThanOrEqual(now + 3600);
    expect(payload.iss).toBeUndefined();
    expect(payload.aud).toBeUndefined();
  });

  it('takes several scopes, the lifetime, the subject, and adds iss/aud when configured', async () => {
    const { stdout } = await runCli(
      ['--scope', 'capacity:calculate', '--scope', 'products:write', '--expires', '10m', '--sub', 'alice'],
      { JWT_SECRET: TEST_JWT_SECRET, JWT_ISSUER: 'https://idp', JWT_AUDIENCE: 'capacity-service' },
    );
    const { payload } = await jwtVerify(stdout.trim(), secretKey, {
      issuer: 'https://idp',
      audience: 'capacity-service',
    });
    expect(payload.scope).toBe('capacity:calculate products:write');
    expect(payload.sub).toBe('alice');
    expect((payload.exp as number) - (payload.iat as number)).toBe(600);
  });

  it('fails with exit code 2 and nothing on stdout for an unknown scope', async () => {
    const failure = await runCli(['--scope', 'capacity:delete'], { JWT_SECRET: TEST_JWT_SECRET }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr).toMatch(/^token: unknown scope "capacity:delete"/);
  });

  it('issues tokens the JWT strategy accepts', async () => {
    const env = { JWT_SECRET: TEST_JWT_SECRET, JWT_AUDIENCE: 'capacity-service' };
    const strategy = new HeaderAuthenticator(['jwt'], parseAuthConfig(env, ['jwt']));
    const token = await issueToken(parseTokenArgs(['--scope=configuration:load,configuration:read']), env);
    try {
      await expect(strategy.authenticate(`Bearer ${token}`)).resolves.toEqual({
        subject: 'dev',
        scopes: ['configuration:load', 'configuration:read'],
        scheme: 'jwt',
      });
    } finally {
      strategy.close();
    }
  });

  describe('parseTokenArgs', () => {
    it.each([
      [[], 'at least one --scope is required'],
      [['--scope'], '--scope needs a value'],
      [
        ['--scope', 'products:read', '--expires', '1w'],
        '--expires must look like 90s, 15m, 1h or 7d (got "1w")',
      ],
      [['--scope', 'products:read', '--expires', '0h'], '--expires must look like'],
      [['--scope', 'products:read', '--admin'], 'unknown option --admin'],
    ])('refuses %j', (argv, message) => {
      expect(() => parseTokenArgs(argv)).toThrow(message);
    });

    it.each([
      ['90s', 90],
      ['15m', 900],
      ['2h', 7200],
      ['7d', 604800],
      ['45', 45],
    ])('reads --expires %s as %i seconds', (expires, seconds) => {
      expect(parseTokenArgs(['--scope', 'products:read', '--expires', expires]).expiresInSeconds).toBe(
        seconds,
      );
    });
  });

  describe('resolveSecret', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'token-cli-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('prefers JWT_SECRET from the environment, else reads the dev secrets file', () => {
      const file = path.join(dir, 'dev-secrets.json');
      writeFileSync(file, JSON.stringify({ JWT_SECRET: 'from-file-0123456789abcdef0123456789' }));
      expect(resolveSecret({ JWT_SECRET: TEST_JWT_SECRET }, file)).toBe(TEST_JWT_SECRET);
      expect(resolveSecret({ JWT_SECRET: ' ' }, file)).toBe('from-file-0123456789abcdef0123456789');
    });

    it('says what to do when there is no secret', () => {
      const file = path.join(dir, 'dev-secrets.json');
      expect(() => resolveSecret({}, file)).toThrow(`JWT_SECRET is not set and ${file} does not exist`);
      writeFileSync(file, '{');
      expect(() => resolveSecret({}, file)).toThrow(`${file} is not valid JSON`);
      writeFileSync(file, '{}');
      expect(() => resolveSecret({}, file)).toThrow(`${file} has no JWT_SECRET`);
    });

    it('refuses a short secret the services would refuse too', async () => {
      await expect(
        issueToken(parseTokenArgs(['--scope', 'products:read']), { JWT_SECRET: 'short' }),
      ).rejects.toThrow('JWT_SECRET: must be at least 32 characters');
    });
  });
});

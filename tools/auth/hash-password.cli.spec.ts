import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { BasicPasswordVerifier, hashApiKey, parseAuthConfig } from '@delivery/auth';
import { hashCommand } from './hash-password.cli';

const ROOT = path.resolve(__dirname, '../..');
const run = (args: string[]) =>
  promisify(execFile)('node', ['-r', './tools/register.js', 'tools/auth/hash-password.cli.ts', ...args], {
    cwd: ROOT,
  });
const noStdin = () => Promise.reject(new Error('stdin not expected'));

describe('hash-password CLI', () => {
  it('prints a scrypt hash that the Basic authenticator verifies', async () => {
    const { stdout, stderr } = await run(['s3cret:with colon']);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}\n$/);
    const config = parseAuthConfig({ BASIC_AUTH_USERS: `ops:${stdout.trim()}:configuration:load` }, [
      'basic',
    ]);
    const verifier = new BasicPasswordVerifier(config.basicUsers);
    await expect(verifier.verify('ops', 's3cret:with colon')).resolves.toEqual({
      subject: 'ops',
      scopes: ['configuration:load'],
      scheme: 'basic',
    });
    await expect(verifier.verify('ops', 's3cret')).rejects.toThrow('Credentials are invalid');
  });

  it('prints the sha256 hex of an API key with --api-key', async () => {
    const { stdout } = await run(['--api-key', 'ck_live_123']);
    expect(stdout).toBe('b66b8d3bc9ab8bbb882a744850a401768a1ab7943d1b56f3a68d6d64ed757e52\n');
    expect(stdout.trim()).toBe(hashApiKey('ck_live_123'));
  });

  it('reads the password from stdin when none is given, without its final newline', async () => {
    const hash = await hashCommand([], () => Promise.resolve('from stdin\n'));
    const config = parseAuthConfig({ BASIC_AUTH_USERS: `u:${hash}:products:read` }, ['basic']);
    await expect(
      new BasicPasswordVerifier(config.basicUsers).verify('u', 'from stdin'),
    ).resolves.toMatchObject({
      subject: 'u',
    });
  });

  it.each([[['--api-key']], [['a', 'b']], [['--verbose']]])('refuses %j with the usage', async (argv) => {
    await expect(hashCommand(argv, noStdin)).rejects.toThrow('usage: npm run hash-password');
  });

  it('refuses an empty password', async () => {
    await expect(hashCommand([], () => Promise.resolve('\n'))).rejects.toThrow('the password is empty');
  });
});

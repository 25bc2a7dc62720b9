/**
 * Prints a dev JWT (HS256) on stdout, nothing else: `TOKEN=$(npm run -s token -- --scope capacity:calculate)`.
 *
 *   npm run token -- --scope capacity:calculate [--scope products:write] [--expires 1h] [--sub dev]
 *
 * The secret is JWT_SECRET from the environment, else the one the dev launcher keeps in .data/dev-secrets.json.
 * `iss` / `aud` are added when JWT_ISSUER / JWT_AUDIENCE are set, as the services then require them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { isScope, parseAuthConfig, SCOPES, type Scope } from '@delivery/auth';

export const DEV_SECRETS_FILE = path.resolve(__dirname, '../../.data/dev-secrets.json');
const USAGE = 'usage: npm run token -- --scope <scope> [--scope <scope>…] [--expires 1h] [--sub dev]';
const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

export interface TokenRequest {
  readonly scopes: readonly Scope[];
  readonly expiresInSeconds: number;
  readonly subject: string;
}

export function parseTokenArgs(argv: readonly string[]): TokenRequest {
  const scopes: Scope[] = [];
  let expires = '1h';
  let subject = 'dev';
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (!['--scope', '--expires', '--sub'].includes(flag))
      throw new Error(`unknown option ${flag}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--scope') {
      for (const name of value.split(',').filter((part) => part !== '')) {
        if (!isScope(name)) throw new Error(`unknown scope "${name}" (known: ${SCOPES.join(', ')})`);
        if (!scopes.includes(name)) scopes.push(name);
      }
    } else if (flag === '--expires') expires = value;
    else subject = value;
  }
  if (scopes.length === 0) throw new Error(`at least one --scope is required\n${USAGE}`);
  const duration = /^(\d+)([smhd]?)$/.exec(expires);
  if (!duration || Number(duration[1]) === 0)
    throw new Error(`--expires must look like 90s, 15m, 1h or 7d (got "${expires}")`);
  return { scopes, subject, expiresInSeconds: Number(duration[1]) * UNITS[duration[2] || 's'] };
}

/** JWT_SECRET from the environment, else from the dev launcher's secrets file. */
export function resolveSecret(
  env: Record<string, string | undefined>,
  secretsFile: string = DEV_SECRETS_FILE,
): string {
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.trim() !== '') return env.JWT_SECRET;
  let text: string;
  try {
    text = readFileSync(secretsFile, 'utf8');
  } catch {
    throw new Error(
      `JWT_SECRET is not set and ${secretsFile} does not exist (run npm start once, or export JWT_SECRET)`,
    );
  }
  let secret: unknown;
  try {
    secret = (JSON.parse(text) as Record<string, unknown>).JWT_SECRET;
  } catch {
    throw new Error(`${secretsFile} is not valid JSON`);
  }
  if (typeof secret !== 'string' || secret.trim() === '') throw new Error(`${secretsFile} has no JWT_SECRET`);
  return secret;
}

export async function issueToken(
  request: TokenRequest,
  env: Record<string, string | undefined>,
  secretsFile: string = DEV_SECRETS_FILE,
): Promise<string> {
  // Validated exactly as the services validate it (length); messages never contain the secret.
  const jwt = parseAuthConfig({ JWT_SECRET: resolveSecret(env, secretsFile) }, ['jwt']).jwt;
  if (jwt?.source.kind !== 'secret') throw new Error('JWT_SECRET: could not be read');
  const now = Math.floor(Date.now() / 1000);
  const token = new SignJWT({ scope: request.scopes.join(' ') })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(request.subject)
    .setIssuedAt(now)
    .setExpirationTime(now + request.expiresInSeconds);
  if (env.JWT_ISSUER?.trim()) token.setIssuer(env.JWT_ISSUER.trim());
  if (env.JWT_AUDIENCE?.trim()) token.setAudience(env.JWT_AUDIENCE.trim());
  return token.sign(jwt.source.key);
}

async function main(): Promise<void> {
  try {
    process.stdout.write(`${await issueToken(parseTokenArgs(process.argv.slice(2)), process.env)}\n`);
  } catch (error) {
    process.stderr.write(`token: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}

if (require.main === module) void main();

/**
 * Hashes credentials for the auth variables (docs/security.md); prints only the hash on stdout.
 *
 *   npm run -s hash-password -- <password>        → scrypt$<salthex>$<hashhex>   (BASIC_AUTH_USERS)
 *   printf %s "$PASSWORD" | npm run -s hash-password  (keeps the password out of shell history)
 *   npm run -s hash-password -- --api-key <key>   → sha256 hex                   (API_KEYS)
 */
import { hashApiKey, hashPassword } from '@delivery/auth';

const USAGE = 'usage: npm run hash-password -- <password> | npm run hash-password -- --api-key <key>';

export async function hashCommand(argv: readonly string[], stdin: () => Promise<string>): Promise<string> {
  if (argv[0] === '--api-key') {
    if (argv.length !== 2 || argv[1] === '') throw new Error(USAGE);
    return hashApiKey(argv[1]);
  }
  if (argv.length > 1 || argv[0]?.startsWith('--')) throw new Error(USAGE);
  const password = argv.length === 1 ? argv[0] : (await stdin()).replace(/\r?\n$/, '');
  if (password === '') throw new Error(`the password is empty\n${USAGE}`);
  return hashPassword(password);
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new Error(USAGE);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  try {
    process.stdout.write(`${await hashCommand(process.argv.slice(2), readStdin)}\n`);
  } catch (error) {
    process.stderr.write(`hash-password: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}

if (require.main === module) void main();

import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '../../..');

/** The command line as `npm run dead-letters -- …` runs it; a usage error stops before any broker is reached. */
function deadLetters(...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['-r', path.join(root, 'tools/register.js'), path.join(__dirname, 'dead-letters.main.ts'), ...args],
    { cwd: root, encoding: 'utf8', env: { ...process.env, AMQP_URL: 'amqp://guest:guest@127.0.0.1:1' } },
  );
  return { status: run.status, stderr: run.stderr };
}

const USAGE =
  'usage: dead-letters list|replay|discard [--queue products|outcomes] [--limit n] [--id messageId]';

describe('npm run dead-letters (usage)', () => {
  it.each([
    [['list', '--bogus'], "Unknown option '--bogus'"],
    [['list', '--limit'], "Option '--limit <value>' argument missing"],
    [['list', '--limit', 'many'], '--limit must be a number of messages (got "many")'],
    [['list', 'products'], ''],
    [['lst'], ''],
    [[], ''],
  ])('%j exits 1 naming the mistake and the usage', (args, mistake) => {
    const run = deadLetters(...args);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(mistake);
    expect(run.stderr).toContain(USAGE);
  });
});

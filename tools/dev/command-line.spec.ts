import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '../..');

/** The dev commands refuse what they do not take, before they start or reach anything. */
function run(script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['-r', path.join(root, 'tools/register.js'), script, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
  });
  return { status: result.status, firstLine: result.stderr.split('\n')[0] };
}

describe('dev commands refuse unknown options', () => {
  it.each([
    ['npm start / npm run dev', 'tools/dev/launcher.ts', '--bogus', "Unknown option '--bogus'"],
    [
      'npm run replicas',
      'tools/dev/launcher.ts',
      '--replicas=three',
      'npm run replicas -- N: N must be an integer from 1 to 20 (got "three")',
    ],
    ['npm run demo:reset', 'tools/dev/demo-reset.cli.ts', '--bogus', "demo:reset: Unknown option '--bogus'"],
    ['npm run demo:reset', 'tools/dev/demo-reset.cli.ts', 'now', "demo:reset: Unexpected argument 'now'"],
  ])('%s %s exits 1 naming it', (_, script, arg, message) => {
    const result = run(path.join(root, script), arg);
    expect(result.status).toBe(1);
    expect(result.firstLine.startsWith(message)).toBe(true);
  });
});

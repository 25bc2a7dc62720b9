import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '../../..');

describe('npm run migrate (usage)', () => {
  it('refuses an argument with exit 1 before it connects to anything', () => {
    const run = spawnSync(
      process.execPath,
      ['-r', path.join(root, 'tools/register.js'), path.join(__dirname, 'migrate.main.ts'), '--bogus'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Unknown option '--bogus'/);
    expect(run.stderr).toContain('usage: migrate (no arguments; DATABASE_URL)');
  });
});

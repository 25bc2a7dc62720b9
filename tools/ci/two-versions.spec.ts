import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { lockedAlike, PREVIOUS_RELEASE } from './two-versions.cli';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

describe('npm run test:two-versions', () => {
  it('takes as the previous release the tree before the first migration a rolling upgrade runs under it', () => {
    const added = git(
      'log',
      '--diff-filter=A',
      '--format=%H',
      '-1',
      '--',
      'libs/migrations/src/migrations/1795370000000-delivery-accuracy-counted-by-writers.ts',
    );
    expect(git('rev-parse', `${added}^`)).toBe(PREVIOUS_RELEASE);
    expect(read('docs/operations.md')).toContain(`git archive ${PREVIOUS_RELEASE} | tar -x -C "$previous"`);
  });

  it('runs in CI after the suite', () => {
    const ci = read('.ci/run');
    expect(ci.indexOf('npm run test:two-versions')).toBeGreaterThan(ci.indexOf('npm test'));
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts['test:two-versions']).toBe('node -r ./tools/register.js tools/ci/two-versions.cli.ts');
  });

  it("reuses this tree's node_modules only when the previous lockfile locks nothing differently", () => {
    const current = {
      packages: {
        '': { version: '0.1.0' },
        'node_modules/pg': { version: '8.20.0', integrity: 'sha512-a' },
        'node_modules/ioredis': { version: '5.11.1', integrity: 'sha512-b' },
      },
    };
    const previous = (packages: Record<string, { version?: string; integrity?: string }>) => ({
      packages: { '': { version: '0.1.0' }, ...packages },
    });
    expect(
      lockedAlike(previous({ 'node_modules/pg': { version: '8.20.0', integrity: 'sha512-a' } }), current),
    ).toBe(true);
    expect(
      lockedAlike(previous({ 'node_modules/pg': { version: '8.19.0', integrity: 'sha512-c' } }), current),
    ).toBe(false);
    expect(
      lockedAlike(previous({ 'node_modules/amqplib': { version: '1.0.0', integrity: 'sha512-d' } }), current),
    ).toBe(false);
  });
});

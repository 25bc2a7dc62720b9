import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run test:two-versions` (.ci/run, after the suite): the rolling upgrade's check, U-two-versions
 * (docs/operations.md, "Two versions on one database"), without a step by hand. The previous release's tree is taken
 * from git (`git archive` of {@link PREVIOUS_RELEASE} into a temporary directory), given this tree's node_modules
 * when its lockfile locks nothing this one does not lock alike (else `npm ci` there), and its capacity-service built;
 * then the scenario runs it beside this build on one database migrated by this tree, and fails the run unless every
 * figure equals the single-version run's. docs/benchmarks.md is not rewritten (`npm run bench -- U-two-versions`
 * does that).
 */
const ROOT = path.resolve(__dirname, '../..');

/**
 * The previous release: the tree before `DeliveryAccuracyCountedByWriters1795370000000` (commit abc8593), the first
 * of the migrations a rolling upgrade runs under the previous release's replicas, as docs/operations.md names it.
 */
export const PREVIOUS_RELEASE = '023c13f2618110cdd346fd2f69d5805ad6af9075';

type Lockfile = { packages: Record<string, { version?: string; integrity?: string }> };

/** Whether every package `previous` locks is locked at the same version and integrity by `current`. */
export function lockedAlike(previous: Lockfile, current: Lockfile): boolean {
  return Object.entries(previous.packages).every(([name, locked]) => {
    const now = current.packages[name];
    return now !== undefined && now.version === locked.version && now.integrity === locked.integrity;
  });
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** The previous release's tree in `dir`, its dependencies installed and its capacity-service built. */
function buildPreviousRelease(dir: string): void {
  try {
    execFileSync('git', ['cat-file', '-e', `${PREVIOUS_RELEASE}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    throw new Error(
      `commit ${PREVIOUS_RELEASE} (the previous release) is not in this clone: fetch the full history`,
    );
  }
  const archive = execFileSync('git', ['archive', PREVIOUS_RELEASE], {
    cwd: ROOT,
    maxBuffer: 1024 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const lockfile = (root: string) =>
    JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lockfile;
  if (lockedAlike(lockfile(dir), lockfile(ROOT))) {
    console.log("its lockfile locks nothing this tree's does not: this tree's node_modules");
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  } else {
    console.log('its lockfile differs: npm ci');
    run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  }
  run(process.execPath, ['node_modules/.bin/nx', 'build', 'capacity-service', '--outputStyle=static'], dir);
}

async function main(): Promise<void> {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-previous-release-'));
  try {
    console.log(`the previous release: ${PREVIOUS_RELEASE}, in ${dir}`);
    buildPreviousRelease(dir);
    process.env.BENCH_COMPARE_DIST = path.join(dir, 'dist');
    const { default: scenario } = await import('../bench/two-versions.bench');
    const result = await scenario.run();
    for (const row of result.rows)
      console.log(
        `${row.subject}: ${row.figures.map((f) => `${f.metric} ${f.value} ${f.unit}`.trim()).join('; ')}`,
      );
    for (const line of result.summary) console.log(`  ${line}`);
    const failed = result.summary.filter((line) => line.endsWith(': NOT met') || line.startsWith('differs:'));
    console.log(`U-two-versions: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (failed.length > 0) {
      console.error(`U-two-versions: ${failed.length} figure(s) differ from the single-version run`);
      process.exitCode = 1;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module)
  main().then(
    () => process.exit(),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );

/**
 * A benchmark scenario of `npm run bench` (tools/bench/bench.ts). Each scenario measures its target and, in
 * the same run, the baseline named in design quality bar (Q1.x), so the ratio survives a noisy machine.
 */
import path from 'node:path';

export interface BenchFigure {
  /** what was measured, e.g. "p99 latency" */
  metric: string;
  value: number;
  unit: string;
}

export interface BenchResult {
  /** one line per measured subject (the scenario itself and its baseline) */
  rows: { subject: string; figures: BenchFigure[] }[];
  /** ratios and verdicts against the quality-bar target, e.g. "peak ratio 0.62 (target ≥ 0.5): met" */
  summary: string[];
}

export interface BenchScenario {
  /** quality-bar id, e.g. "Q1.3" */
  id: string;
  title: string;
  /** the target as written in the quality bar */
  target: string;
  run(): Promise<BenchResult>;
}

/** How a summary line ends: whether the target was met. */
export const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');

/**
 * The builds a comparing scenario measures, in order: the one at `BENCH_COMPARE_DIST` (another build's `dist/`, named
 * `BENCH_COMPARE_NAME`) when set, then this one (`dist` undefined).
 */
export function comparedBuilds(): { name: string; dist: string | undefined }[] {
  const other = process.env.BENCH_COMPARE_DIST;
  const self = { name: 'this build', dist: undefined };
  return other ? [{ name: process.env.BENCH_COMPARE_NAME ?? 'compared build', dist: other }, self] : [self];
}

/**
 * A capacity-service scenario measured on each of `comparedBuilds()`: `measure` gets the service's entry point of
 * the other build (`undefined`: this one). Compared, each row and summary line names its build.
 */
export async function measureEachBuild(
  measure: (main: string | undefined) => Promise<BenchResult>,
): Promise<BenchResult> {
  const builds = comparedBuilds();
  if (builds.length === 1) return measure(undefined);
  const results: [string, BenchResult][] = [];
  for (const { name, dist } of builds) {
    const main =
      dist && path.relative(process.cwd(), path.resolve(dist, 'apps/capacity-service/src/main.js'));
    results.push([name, await measure(main)]);
  }
  return {
    rows: results.flatMap(([build, result]) =>
      result.rows.map((row) => ({ ...row, subject: `${build}: ${row.subject}` })),
    ),
    summary: results.flatMap(([build, result]) => result.summary.map((line) => `${build}: ${line}`)),
  };
}

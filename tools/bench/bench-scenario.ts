/**
 * A benchmark scenario of `npm run bench` (tools/bench/bench.ts). Each scenario measures its target and, in
 * the same run, the baseline named in design quality bar (Q1.x), so the ratio survives a noisy machine.
 */
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

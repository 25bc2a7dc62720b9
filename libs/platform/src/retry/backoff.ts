/**
 * The one back-off of the project: capped exponential steps, with jitter for reconnects and retries, so replicas
 * that lost the same broker or database at the same instant do not come back at the same instants.
 */
export interface BackoffOptions {
  /** Delay of the first step in milliseconds. */
  readonly initialMs: number;
  /** Upper bound of any step. */
  readonly maxMs: number;
  /** Growth per step; 2 doubles. */
  readonly factor?: number;
}

/** The ceiling of step n: `initialMs * factor^(n-1)`, at most `maxMs` (step 1 waits at most `initialMs`). */
export function backoffCeiling(step: number, options: BackoffOptions): number {
  const factor = options.factor ?? 2;
  const exponent = Math.max(0, step - 1);
  return Math.min(options.maxMs, Math.round(options.initialMs * Math.pow(factor, exponent)));
}

/**
 * The delay of reconnect or retry step n, "equal jitter": uniformly drawn between half the ceiling and the
 * ceiling. Never less than half (a broken dependency is not hammered), spread over the other half (pods that
 * failed together retry apart). `random` is for tests.
 */
export function backoffDelay(
  step: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const ceiling = backoffCeiling(step, options);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

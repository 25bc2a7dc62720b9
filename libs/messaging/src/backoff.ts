export interface BackoffOptions {
  /** Delay of the first step in milliseconds. */
  readonly initialMs: number;
  /** Upper bound of any step. */
  readonly maxMs: number;
  /** Growth per step; 2 doubles. */
  readonly factor?: number;
}

/** Capped exponential back-off: step 1 waits `initialMs`, step n waits `initialMs * factor^(n-1)`, at most `maxMs`. */
export function backoffDelay(step: number, options: BackoffOptions): number {
  const factor = options.factor ?? 2;
  const exponent = Math.max(0, step - 1);
  return Math.min(options.maxMs, Math.round(options.initialMs * Math.pow(factor, exponent)));
}

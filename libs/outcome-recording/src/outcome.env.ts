import { DEFAULT_OUTCOME_CLOCK_SKEW_MS } from '@delivery/contracts';
import { env } from '@delivery/platform';

/** The outcome settings both processes read (docs/operations.md). */
export const outcomeEnv = {
  /** docs/accuracy.md: promises and events older than this many days are removed */
  OUTCOME_RETENTION_DAYS: env.int(400, 30, 3650),
  /** docs/accuracy.md: how often a process adopts orphans, evaluates stale promises and applies the retention */
  OUTCOME_SWEEP_INTERVAL_MS: env.int(10_000, 50, 3_600_000),
  /** docs/accuracy.md: how far after now an outcome event may be dated (the sender's clock may run ahead) */
  OUTCOME_CLOCK_SKEW_MS: env.int(DEFAULT_OUTCOME_CLOCK_SKEW_MS, 0, 604_800_000),
};

import { AuthConfig, AuthScheme, parseAuthConfig } from '@delivery/auth';
import {
  combineConfig,
  ConfigError,
  databaseEnv,
  env,
  EnvOf,
  EnvSource,
  parseEnv,
  platformEnv,
} from '@delivery/platform';
import { outcomeEnv } from '@delivery/outcome-recording';

export const CAPACITY_AUTH_SCHEMES: AuthScheme[] = ['jwt', 'apiKey', 'basic'];

const capacityEnv = {
  ...platformEnv,
  ...databaseEnv,
  PORT: env.port(3000),
  BASE_PATH: env.basePath('/capacity/v1'),
  TZ_BUSINESS: env.timeZone('America/Lima'),
  /** operations.md: `simulated`: a request may set its "now" (`X-Simulated-Now`); refused in production */
  CLOCK: env.oneOf(['system', 'simulated'], 'system'),
  /** E9: more items (layout A) or lines (layout B) than this is a 400 */
  MAX_ITEMS_PER_REQUEST: env.int(200, 1, 100_000),
  /** configuration.md: how often a replica checks for a newer configuration version (notifications aside) */
  CONFIG_CHECK_INTERVAL_MS: env.int(30_000, 100, 3_600_000),
  /** configuration.md: a replica reacts to a load announced by another after a random delay up to this */
  CONFIG_RELOAD_JITTER_MS: env.int(2_000, 0, 600_000),
  /** body limit of `PUT {base}/configuration` in MB (documents carry stock and usage rows); 1 MB elsewhere */
  CONFIGURATION_BODY_LIMIT_MB: env.int(16, 1, 512),
  /** configuration.md "Retention": versions kept however old (the newest, active one always among them) */
  CONFIG_VERSIONS_KEEP: env.int(50, 1, 1_000_000),
  /** configuration.md "Retention": versions beyond the kept count are removed once older than this */
  CONFIG_VERSIONS_MAX_AGE_DAYS: env.int(90, 1, 36_500),
  /** configuration.md "Retention": how often a replica applies the retention (0: never; a job does it) */
  CONFIG_RETENTION_INTERVAL_MS: env.int(3_600_000, 0, 86_400_000),
  /** reservations.md R2.5: how often this replica's sweeper expires due holds (every replica runs one) */
  RESERVATION_SWEEP_INTERVAL_MS: env.int(15_000, 50, 3_600_000),
  /** operations.md: how often this replica counts the usage gauges (not per scrape) */
  CAPACITY_USAGE_REFRESH_MS: env.int(30_000, 50, 3_600_000),
  /** operations.md: share (%) of tomorrow's DISPATCH counters at 100 % above which the alert fires */
  CAPACITY_FULL_DISPATCH_ALERT_PERCENT: env.int(10, 0, 100),
  /** reservations.md "After a change goes live": how often this replica checks, drains the events and counts */
  RESERVATION_RISK_REFRESH_MS: env.int(30_000, 50, 3_600_000),
  /** reservations.md "After a change goes live": a check claimed and not finished within this is taken again */
  RESERVATION_RISK_CLAIM_TAKEOVER_MS: env.int(600_000, 1_000, 86_400_000),
  /** reservations.md "Events": the broker of `reservation.at-risk`; unset: events wait in the outbox */
  AMQP_URL: env.optionalString(),
  ...outcomeEnv,
  /** docs/operations.md: DeliveryOnTimeRateLow fires when an origin's 7-day on-time rate is below this (%) */
  ON_TIME_TARGET_PERCENT: env.int(95, 0, 100),
  /** docs/accuracy.md: lanes with fewer deliveries in the range get no lead-time suggestion */
  OUTCOME_SUGGESTION_MIN_DELIVERIES: env.int(30, 1, 1_000_000),
  /** docs/learning.md: the lane model's recency: an outcome planned this many days earlier weighs half */
  LEARNING_HALF_LIFE_DAYS: env.int(14, 1, 3_650),
  /** docs/learning.md: the weighted deliveries at which a lane weighs as much as its parent in the pooling */
  LEARNING_PRIOR_DELIVERIES: env.int(20, 1, 1_000_000),
  /** docs/learning.md: the most days a lane's buffer moves from one model to the next */
  LEARNING_MAX_BUFFER_STEP_DAYS: env.int(1, 0, 14),
  /** docs/learning.md: how often a replica tries to build a newer lane model and looks for one */
  LEARNING_REFRESH_INTERVAL_MS: env.int(60_000, 100, 86_400_000),
  /** docs/learning.md: DeliveryPromiseCalibrationOff fires when a bucket's |predicted − observed| is above this (points) */
  CALIBRATION_ALERT_POINTS: env.int(2, 0, 100),
  /** docs/learning.md: buckets with fewer judged promises in 28 days get no calibration gauge (nor alert) */
  CALIBRATION_MIN_DELIVERIES: env.int(200, 1, 1_000_000_000),
  /** docs/learning.md: how often this replica counts the calibration gauges (over 28 days of promises) */
  CALIBRATION_REFRESH_MS: env.int(600_000, 1_000, 86_400_000),
};

export type CapacityConfig = EnvOf<typeof capacityEnv> & { auth: AuthConfig };

/** Injection token of the parsed configuration. */
export const CAPACITY_CONFIG = Symbol('CAPACITY_CONFIG');

export function parseCapacityConfig(source: EnvSource): CapacityConfig {
  return combineConfig(
    () => withoutSimulatedClockInProduction(parseEnv(capacityEnv, source)),
    () => ({ auth: parseAuthConfig(source, CAPACITY_AUTH_SCHEMES) }),
  );
}

/** A simulated clock places promises at any instant a client names: never in production. */
function withoutSimulatedClockInProduction<T extends EnvOf<typeof capacityEnv>>(config: T): T {
  if (config.CLOCK === 'simulated' && config.NODE_ENV === 'production')
    throw new ConfigError(['CLOCK: simulated is refused when NODE_ENV=production']);
  return config;
}

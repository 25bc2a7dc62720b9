/** What the outcome features need of their app's settings (capacity-service's and the outcome worker's alike). */
export interface OutcomeSettings {
  /** the business time zone: the days of events and promises */
  readonly timeZone: string;
  /** how often a process adopts orphans, evaluates stale promises and applies the retention */
  readonly sweepIntervalMs: number;
  /** promises and events older than this many days are removed */
  readonly retentionDays: number;
  /** how far after now an event may be dated (the sender's clock may run ahead) */
  readonly clockSkewMs: number;
}

export const OUTCOME_SETTINGS = Symbol('OUTCOME_SETTINGS');

import { MAX_LEAD_TIME_CHANGE_DAYS, type LearningSettings } from '@delivery/capacity-domain';
import type { CapacityConfig } from '../shared';

/** What the lane model's refresh and holder are given (learning.module.ts), from the service's settings. */
export interface LearningOptions {
  /** the estimator's settings (docs/learning.md, "The estimator") */
  readonly settings: LearningSettings;
  /** the business time zone: the day "today" is for a model */
  readonly timeZone: string;
  /** promises older than this are not observed (the outcomes' retention, OUTCOME_RETENTION_DAYS) */
  readonly retentionDays: number;
  /** how often a replica tries a refresh and looks for a newer model (LEARNING_REFRESH_INTERVAL_MS) */
  readonly refreshIntervalMs: number;
  /** models kept however old, and the age beyond which the others go (the configuration versions' retention) */
  readonly keep: number;
  readonly maxAgeDays: number;
}

export const LEARNING_OPTIONS = Symbol('LEARNING_OPTIONS');

export function learningOptions(config: CapacityConfig): LearningOptions {
  return {
    settings: {
      halfLifeDays: config.LEARNING_HALF_LIFE_DAYS,
      priorDeliveries: config.LEARNING_PRIOR_DELIVERIES,
      maxBufferStepDays: config.LEARNING_MAX_BUFFER_STEP_DAYS,
      // a buffer moves a promise as far as a lead-time suggestion moves a lead time (docs/accuracy.md)
      maxBufferDays: MAX_LEAD_TIME_CHANGE_DAYS,
      minBufferDays: MAX_LEAD_TIME_CHANGE_DAYS,
    },
    timeZone: config.TZ_BUSINESS,
    retentionDays: config.OUTCOME_RETENTION_DAYS,
    refreshIntervalMs: config.LEARNING_REFRESH_INTERVAL_MS,
    keep: config.CONFIG_VERSIONS_KEEP,
    maxAgeDays: config.CONFIG_VERSIONS_MAX_AGE_DAYS,
  };
}

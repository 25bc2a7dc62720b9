/** What recording outcome events needs of storage (bound in outcome-recording.module.ts). */
import type {
  EvaluatedPromise,
  OutcomeEventRecord,
  PromiseEvidence,
  PromiseKey,
  StoredEvents,
} from '@delivery/capacity-domain';

export type {
  EvaluatedPromise,
  OutcomeEventRecord,
  PromiseEvidence,
  PromiseKey,
  StoredEvents,
} from '@delivery/capacity-domain';

export const OUTCOME_STORE = Symbol('OUTCOME_STORE');

/** The steps of one transaction. */
export interface OutcomeSteps {
  /** New events stored once (duplicates skipped); orphans are those matching no promise. */
  store(events: readonly OutcomeEventRecord[], receivedAt: Date): Promise<StoredEvents>;
  /** The promises, locked, with every event stored for them. */
  lock(keys: readonly PromiseKey[]): Promise<PromiseEvidence[]>;
  /** Up to `limit` promises marked stale, locked (those another transaction holds passed by). */
  lockStale(limit: number): Promise<PromiseEvidence[]>;
  save(outcomes: readonly EvaluatedPromise[]): Promise<void>;
  /** Orphans whose promise exists now adopted; the number of promises marked stale. */
  adoptOrphans(): Promise<number>;
}

export interface OutcomeStore {
  transaction<T>(work: (steps: OutcomeSteps) => Promise<T>): Promise<T>;
  removeBefore(promisedBefore: string, occurredBefore: Date): Promise<{ promises: number; events: number }>;
  /**
   * The day rows recounted when promises were written without counting them before `markedBefore`, by one process
   * at a time: how many rows, or null when there was nothing to recount (or another process was at it).
   */
  recountUncounted(markedBefore: Date): Promise<number | null>;
}

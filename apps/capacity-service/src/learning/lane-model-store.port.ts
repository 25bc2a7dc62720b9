/**
 * What the lane model's refresh and holder need of storage (bound in learning.module.ts to `LaneModelRepository`).
 * The use case owns the order of the refresh's steps; an implementation only runs each one.
 */
import type { LaneModelData, LaneObservationGroup } from '@delivery/capacity-domain';

export const LANE_MODEL_STORE = Symbol('LANE_MODEL_STORE');

/** A stored version: its number, when it was built and the day that was "today" for it. */
export interface LaneModelVersion {
  version: number;
  builtAt: Date;
  today: string;
}

/** The observations a model learns from, a group per lane and zone, iterable as many times as needed. */
export interface LaneObservationSet {
  /** lanes (route and zone) with at least one observation */
  readonly lanes: number;
  readonly groups: Iterable<LaneObservationGroup>;
}

/** The steps of a refresh, in one transaction holding the refresh lock. */
export interface LaneModelRefreshSteps {
  /** The newest stored model's version and day, with the outcomes mark it was read at; null before the first. */
  newest(): Promise<(LaneModelVersion & { outcomesMark: string }) | null>;
  /** Where the writes of promises stand now (compare with the newest model's; read before the observations). */
  outcomesMark(): Promise<string>;
  /** The observations as of `today` of the promises promised on `since` or later. */
  observations(today: string, since: string): Promise<LaneObservationSet>;
  /** Model `version`, or null. */
  model(version: number): Promise<LaneModelData | null>;
  /** The number the next model takes. */
  nextVersion(): Promise<number>;
  /**
   * Stores the model with the outcomes mark read before its observations; `previous`: the stored model it was built
   * against (its estimates the model holds as they are need not be written again), null for none.
   */
  insert(model: LaneModelData, outcomesMark: string, previous: LaneModelData | null): Promise<void>;
  /** Removes the models the retention does not keep (see docs/learning.md); the versions removed. */
  prune(keep: number, olderThan: Date): Promise<number[]>;
}

export interface LaneModelStore {
  /** `work` in one transaction holding the refresh lock; null, without running it, while another process holds it. */
  refresh<T>(work: (steps: LaneModelRefreshSteps) => Promise<T>): Promise<{ result: T } | null>;
  /** Every stored version, oldest first. */
  versions(): Promise<LaneModelVersion[]>;
  /**
   * Model `version`, or null when it is not stored; with `held` (a stored model this replica holds), only what
   * differs from it is read, the rest is `held`'s.
   */
  model(version: number, held?: LaneModelData | null): Promise<LaneModelData | null>;
}

/** What the accuracy view needs of storage (bound in outcomes.module.ts). */
import type { AccuracyGroupRecord, AccuracyQuery, RouteDelays } from '@delivery/capacity-domain';

export type {
  AccuracyGroupRecord,
  AccuracyGrouping,
  AccuracyQuery,
  RouteDelays,
} from '@delivery/capacity-domain';

export const PROMISE_ACCURACY = Symbol('PROMISE_ACCURACY');

export interface PromiseAccuracyReader {
  /** The promises of the range counted per group. */
  groups(query: AccuracyQuery): Promise<AccuracyGroupRecord[]>;
  /** The promises of the range counted per route, for the routes named only. */
  routes(routes: readonly string[], from: string, to: string, today: string): Promise<AccuracyGroupRecord[]>;
  /** The delays of the range's delivered promises per route. */
  delays(from: string, to: string): Promise<RouteDelays[]>;
  /** Stored events that match no promise. */
  orphanEvents(): Promise<number>;
}

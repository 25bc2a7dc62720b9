/**
 * An explanation's on-time basis (docs/accuracy.md): the record of each chosen route over the 28 days before "now".
 * A route is asked for by its path, and its promises are found by their lane, written from the legs by `laneOf`,
 * never by rewriting the path's code.
 */

/** A chosen path: the engine's code for it (leg codes joined with `>`) and its legs' route codes, in order. */
export interface RoutePath {
  readonly route: string;
  readonly legs: readonly string[];
}

/** A route's record over the 28 days before an instant's day. */
export interface RouteOnTime {
  /** the engine's path code: leg codes joined with `>` */
  route: string;
  from: string;
  to: string;
  delivered: number;
  openPastDate: number;
  /** null without a delivery or an overdue promise */
  onTimeRate: number | null;
}

/** The lane a promise is recorded under: its legs joined with ` > `, as the accuracy view groups by route. */
export const laneOf = (legs: readonly string[]): string => legs.join(' > ');

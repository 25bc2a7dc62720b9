/**
 * What an explanation's basis reads of the promises kept: each chosen route's on-time record. Declared by the
 * explanation, bound by the app (app.module.ts: the outcomes feature's `RouteOnTimeRates`).
 */
import type { RouteOnTime, RoutePath } from '@delivery/capacity-domain';

export type { RouteOnTime, RoutePath } from '@delivery/capacity-domain';

export const ROUTE_ON_TIME = Symbol('ROUTE_ON_TIME');

export interface RouteOnTimeSource {
  /** Each route's record over the 28 days before `now`'s business day, one per route, in the order first named. */
  of(paths: readonly RoutePath[], now: Date): Promise<RouteOnTime[]>;
}

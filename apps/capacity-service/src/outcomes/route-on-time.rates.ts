import {
  accuracyRates,
  businessDate,
  formatDate,
  laneOf,
  parseDate,
  type RouteOnTime,
  type RoutePath,
} from '@delivery/capacity-domain';
import type { PromiseAccuracyReader } from './promise-accuracy.port';

const DAYS = 28;

/**
 * The on-time rate of routes over the 28 days before `now` in the business time zone, for an explanation's basis
 * (the explanation's `ROUTE_ON_TIME`, bound in app.module.ts): one statement for the lanes of the paths named.
 */
export class RouteOnTimeRates {
  constructor(
    private readonly reader: PromiseAccuracyReader,
    private readonly timeZone: string,
  ) {}

  async of(paths: readonly RoutePath[], now: Date): Promise<RouteOnTime[]> {
    const wanted = [...new Map(paths.map((path) => [path.route, laneOf(path.legs)]))];
    const today = businessDate(this.timeZone, now);
    const to = formatDate((parseDate(today) as number) - 1);
    const from = formatDate((parseDate(today) as number) - DAYS);
    const records = await this.reader.routes(
      wanted.map(([, lane]) => lane),
      from,
      to,
      today,
    );
    const byKey = new Map(records.map((record) => [record.key, record.counts]));
    return wanted.map(([route, lane]) => {
      const counts = byKey.get(lane);
      return {
        route,
        from,
        to,
        delivered: counts?.delivered ?? 0,
        openPastDate: counts?.openPastDate ?? 0,
        onTimeRate: counts ? accuracyRates(counts).onTimeRate : null,
      };
    });
  }
}

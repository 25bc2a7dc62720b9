import { Inject, Injectable } from '@nestjs/common';
import { accuracyRates, businessDate, formatDate, parseDate } from '@delivery/capacity-domain';
import { OUTCOME_SETTINGS, type OutcomeSettings } from './outcome.settings';
import { PROMISE_ACCURACY, type PromiseAccuracyReader } from './promise-accuracy.port';

const DAYS = 28;

/** A route's record over the 28 days before an instant's day (docs/accuracy.md). */
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

/**
 * The on-time rate of routes over the 28 days before `now` in the business time zone, for an explanation's basis:
 * one statement for the routes named. Paths are named `A>B` by the engine and `A > B` in the promises.
 */
@Injectable()
export class RouteOnTimeRates {
  constructor(
    @Inject(PROMISE_ACCURACY) private readonly reader: PromiseAccuracyReader,
    @Inject(OUTCOME_SETTINGS) private readonly settings: OutcomeSettings,
  ) {}

  async of(routes: readonly string[], now: Date): Promise<RouteOnTime[]> {
    const wanted = [...new Set(routes)];
    const today = businessDate(this.settings.timeZone, now);
    const to = formatDate((parseDate(today) as number) - 1);
    const from = formatDate((parseDate(today) as number) - DAYS);
    const records = await this.reader.routes(
      wanted.map((route) => route.split('>').join(' > ')),
      from,
      to,
      today,
    );
    const byKey = new Map(records.map((record) => [record.key, record.counts]));
    return wanted.map((route) => {
      const counts = byKey.get(route.split('>').join(' > '));
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

import { Inject, Injectable } from '@nestjs/common';
import {
  accuracyRates,
  addCounts,
  businessDate,
  byWorstOnTime,
  type AccuracyCounts,
  type AccuracyRates,
  type Clock,
} from '@delivery/capacity-domain';
import { DEFAULT_ACCURACY_PAGE_SIZE, type DeliveryAccuracyQuery } from '@delivery/contracts';
import { validationError } from '@delivery/platform';
import { CLOCK } from '../snapshot';
import { OUTCOME_SETTINGS, type OutcomeSettings } from '@delivery/outcome-recording';
import { accuracyRange } from './accuracy-range';
import { PROMISE_ACCURACY, type AccuracyGrouping, type PromiseAccuracyReader } from './promise-accuracy.port';

export const INVALID_ACCURACY_QUERY = 'The accuracy query is invalid';

export interface AccuracyFigures extends AccuracyCounts, AccuracyRates {
  eventsBeforeReservation: number;
}

export interface DeliveryAccuracy {
  from: string;
  to: string;
  today: string;
  timezone: string;
  groupBy: AccuracyGrouping;
  total: AccuracyFigures;
  groups: (AccuracyFigures & { key: string })[];
  totalGroups: number;
  page: number;
  pageSize: number;
  orphanEvents: number;
}

/**
 * `GET {base}/delivery/accuracy` (docs/accuracy.md): the range (default the 28 days up to yesterday, in the
 * business time zone), the promises counted per group by the store, rates and the ranking (worst on-time rate
 * first) by the domain, one page of it.
 */
@Injectable()
export class GetDeliveryAccuracyUseCase {
  constructor(
    @Inject(PROMISE_ACCURACY) private readonly reader: PromiseAccuracyReader,
    @Inject(OUTCOME_SETTINGS) private readonly settings: OutcomeSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(query: DeliveryAccuracyQuery): Promise<DeliveryAccuracy> {
    const timezone = this.settings.timeZone;
    const today = businessDate(timezone, this.clock.now());
    const range = accuracyRange(query, today);
    if ('problem' in range) throw validationError([range.problem], INVALID_ACCURACY_QUERY);
    const { from, to } = range;
    const groupBy = query.groupBy ?? 'route';
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_ACCURACY_PAGE_SIZE;
    const [records, orphanEvents] = await Promise.all([
      this.reader.groups({ from, to, groupBy, today }),
      this.reader.orphanEvents(),
    ]);
    const ranked = byWorstOnTime(records);
    const total = addCounts(records.map((record) => record.counts));
    const figures = (counts: AccuracyCounts, ignored: number): AccuracyFigures => ({
      ...counts,
      ...accuracyRates(counts),
      eventsBeforeReservation: ignored,
    });
    return {
      from,
      to,
      today,
      timezone,
      groupBy,
      total: figures(
        total,
        records.reduce((sum, record) => sum + record.ignoredEvents, 0),
      ),
      groups: ranked
        .slice((page - 1) * pageSize, page * pageSize)
        .map((group) => ({ key: group.key, ...figures(group.counts, group.ignoredEvents) })),
      totalGroups: ranked.length,
      page,
      pageSize,
      orphanEvents,
    };
  }
}

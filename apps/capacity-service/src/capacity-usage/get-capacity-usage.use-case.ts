import { Inject, Injectable } from '@nestjs/common';
import {
  type Clock,
  counterUsage,
  runInSlices,
  type UsageFilter,
  UsagePage,
  UsagePlan,
  usageRange,
} from '@delivery/capacity-domain';
import { validationError } from '@delivery/platform';
import { ActiveConfiguration, CLOCK, newPacer } from '../snapshot';
import { CapacityUsageLedger } from './capacity-usage.ledger';

export const INVALID_USAGE_QUERY = 'The usage query is invalid';

/** What is asked: a range (null: today, and 6 days after `from`), the counters to keep, a page (from 1). */
export interface CapacityUsageRequest {
  readonly from: string | null;
  readonly to: string | null;
  readonly filter: UsageFilter;
  readonly page: number;
  readonly pageSize: number;
}

export interface CapacityUsageResult extends UsagePage {
  from: string;
  to: string;
  timezone: string;
  configurationVersion: number;
  page: number;
  pageSize: number;
}

/**
 * `GET {base}/capacity/usage` (docs/api.md): the active snapshot, one instant of the clock, the used and held units
 * of the range as of now (`CapacityUsageLedger`), and the domain's usage in slices (the event loop turns every few
 * milliseconds, however large the network): its plan, which needs only the snapshot, while the statement runs, then
 * its page.
 */
@Injectable()
export class GetCapacityUsageUseCase {
  constructor(
    private readonly active: ActiveConfiguration,
    private readonly ledger: CapacityUsageLedger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(query: CapacityUsageRequest): Promise<CapacityUsageResult> {
    const { snapshot, version } = this.active.get();
    const now = this.clock.now();
    const clock: Clock = { now: () => now };
    const { from, to, first, last, problems } = usageRange(snapshot, clock, query.from, query.to);
    if (problems.length > 0) throw validationError(problems, INVALID_USAGE_QUERY);
    const { filter, page, pageSize } = query;
    const pacer = newPacer();
    // the statement goes out first; the plan, which needs only the snapshot, is worked out while it runs
    const [data, plan] = await Promise.all([
      this.ledger.read(snapshot, first, last),
      pacer.pause().then(() => runInSlices(UsagePlan.of(snapshot, { from, to }, filter, clock), pacer)),
    ]);
    const usage = await runInSlices(
      counterUsage(plan, data, { offset: (page - 1) * pageSize, limit: pageSize }),
      pacer,
    );
    return {
      from,
      to,
      timezone: snapshot.settings.timezone,
      configurationVersion: version,
      page,
      pageSize,
      ...usage,
    };
  }
}

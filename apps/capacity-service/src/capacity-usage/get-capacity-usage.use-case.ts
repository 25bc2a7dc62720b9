import { Inject, Injectable } from '@nestjs/common';
import {
  type Clock,
  counterUsage,
  runInSlices,
  UsagePage,
  UsagePlan,
  usageRange,
} from '@delivery/capacity-domain';
import { CapacityUsageQuery, DEFAULT_USAGE_PAGE_SIZE } from '@delivery/contracts';
import { validationError } from '@delivery/platform';
import { ActiveConfiguration, CLOCK, newPacer } from '../snapshot';
import { CapacityUsageLedger } from './capacity-usage.ledger';

export const INVALID_USAGE_QUERY = 'The usage query is invalid';

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

  async execute(query: CapacityUsageQuery): Promise<CapacityUsageResult> {
    const { snapshot, version } = this.active.get();
    const now = this.clock.now();
    const clock: Clock = { now: () => now };
    const { from, to, first, last, problems } = usageRange(
      snapshot,
      clock,
      query.from ?? null,
      query.to ?? null,
    );
    if (problems.length > 0) throw validationError(problems, INVALID_USAGE_QUERY);
    const scope = query.scope ?? null;
    const filter = {
      scope,
      node: query.node ?? null,
      route: query.route ?? null,
      zone: query.zone ?? null,
      minUtilization: query.minUtilization ?? null,
    };
    const pacer = newPacer();
    // the statement goes out first; the plan, which needs only the snapshot, is worked out while it runs
    const [data, plan] = await Promise.all([
      this.ledger.read(snapshot, first, last),
      pacer.pause().then(() => runInSlices(UsagePlan.of(snapshot, { from, to }, filter, clock), pacer)),
    ]);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_USAGE_PAGE_SIZE;
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

import { Inject, Injectable } from '@nestjs/common';
import { Clock, counterUsage, runInSlices, UsagePage, usageRange } from '@delivery/capacity-domain';
import { CapacityUsageQuery, DEFAULT_USAGE_PAGE_SIZE } from '@delivery/contracts';
import { eventLoopPacer } from '@delivery/persistence';
import { validationError } from '@delivery/platform';
import { CLOCK } from '../clock';
import { ActiveConfiguration } from '../configuration/active-configuration';
import { CAPACITY_USAGE_READER, CapacityUsageReader } from './capacity-usage.port';

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
 * of the range in one statement, then the domain's usage in slices (the event loop turns every few milliseconds,
 * however large the network).
 */
@Injectable()
export class GetCapacityUsageUseCase {
  constructor(
    private readonly active: ActiveConfiguration,
    @Inject(CAPACITY_USAGE_READER) private readonly reader: CapacityUsageReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(query: CapacityUsageQuery): Promise<CapacityUsageResult> {
    const { snapshot, version } = this.active.get();
    const now = this.clock.now();
    const clock: Clock = { now: () => now };
    const { from, to, problems } = usageRange(snapshot, clock, query.from ?? null, query.to ?? null);
    if (problems.length > 0) throw validationError(problems, INVALID_USAGE_QUERY);
    const scope = query.scope ?? null;
    const data = await this.reader.read(from, to, scope);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_USAGE_PAGE_SIZE;
    const filter = {
      scope,
      node: query.node ?? null,
      route: query.route ?? null,
      zone: query.zone ?? null,
      minUtilization: query.minUtilization ?? null,
    };
    const usage = await runInSlices(
      counterUsage(snapshot, { from, to }, filter, data, clock, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      }),
      eventLoopPacer(),
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

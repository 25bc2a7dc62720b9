import { Inject, Injectable } from '@nestjs/common';
import { type Clock, runInSlices, usageLevels, UsageLevels, usageRange } from '@delivery/capacity-domain';
import { ActiveConfiguration, CLOCK, newPacer } from '../snapshot';
import { CapacityUsageLedger } from './capacity-usage.ledger';

/** Today and the next two days: what the usage gauges count. */
export const GAUGE_DAYS = 3;

/**
 * The usage gauges' numbers (docs/operations.md): per scope and day offset, the limited counters and how many are at
 * or above 80, 90 and 100 %, by the same rules as `GET {base}/capacity/usage`. Null before the first snapshot.
 */
@Injectable()
export class CountUsageLevelsUseCase {
  constructor(
    private readonly active: ActiveConfiguration,
    private readonly ledger: CapacityUsageLedger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(): Promise<UsageLevels[] | null> {
    const configuration = this.active.peek();
    if (configuration === null) return null;
    const { snapshot } = configuration;
    const now = this.clock.now();
    const clock: Clock = { now: () => now };
    const { first, last } = usageRange(snapshot, clock, null, null, GAUGE_DAYS);
    const data = await this.ledger.read(snapshot, first, last);
    return runInSlices(usageLevels(snapshot, data, clock, GAUGE_DAYS), newPacer());
  }
}

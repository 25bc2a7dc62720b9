/** What the usage use cases (`GetCapacityUsageUseCase`, `CountUsageLevelsUseCase`) need besides the snapshot and the clock. */
import type { CounterScope, UsageData } from '@delivery/capacity-domain';

/** Used units (capacity_counters) and units still HELD (reservations) of the counters on the days [from, to]. */
export interface CapacityUsageReader {
  read(from: string, to: string, scope: CounterScope | null): Promise<UsageData>;
}

export const CAPACITY_USAGE_READER = Symbol('CapacityUsageReader');

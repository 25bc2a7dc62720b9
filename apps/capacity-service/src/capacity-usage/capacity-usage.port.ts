/** What the usage ledger (`CapacityUsageLedger`) needs of storage (bound in capacity-usage.module.ts). */
import type { CounterRead, CounterReadRequest } from '@delivery/capacity-data-access';

export type { CounterRead, CounterReadRequest, ReservationTake } from '@delivery/capacity-data-access';

/**
 * In one statement: the counters with units on the days to load; the reservations written since a mark and the
 * counters they name on the days already held (on a first read, every HELD reservation); the next mark.
 */
export interface CapacityUsageReader {
  read(request: CounterReadRequest): Promise<CounterRead>;
}

export const CAPACITY_USAGE_READER = Symbol('CapacityUsageReader');

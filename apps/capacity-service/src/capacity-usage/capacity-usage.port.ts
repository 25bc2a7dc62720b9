/** What the usage ledger (`CapacityUsageLedger`) needs of storage (bound in capacity-usage.module.ts). */
import type { UsedUnitsRow } from '@delivery/capacity-domain';

/**
 * What a reader asks for: days it does not hold, and the changes since its last read on those it holds. Counters
 * change through reservations between configuration loads; a load (whose usage rows may set counters) gives a new
 * snapshot, for which a reader loads its days again.
 */
export interface CounterReadRequest {
  /** days (since 1970-01-01) to read whole */
  readonly load: readonly number[];
  /**
   * since the last read: the reservations written since `mark`, and the counters they took or gave back on the
   * days [from, to] (since 1970-01-01); null: a first read (every HELD reservation)
   */
  readonly since: { readonly mark: string; readonly from: number; readonly to: number } | null;
}

/** A reservation read: whether it holds (status HELD) and what it took, per counter-day (`used`: its units). */
export interface ReservationTake {
  readonly identifier: string;
  readonly held: boolean;
  readonly taken: readonly UsedUnitsRow[];
}

export interface CounterRead {
  /** the counter-days of the days loaded (with units), then those changed since the mark (their units, maybe 0) */
  readonly used: UsedUnitsRow[];
  /** the reservations written since the mark; on a first read, every HELD one */
  readonly reservations: ReservationTake[];
  /** the mark of the next read */
  readonly mark: string;
  /** goes up whenever counters with units or HELD reservations are removed: a reader loads again */
  readonly removals: string;
}

/**
 * In one statement: the counters with units on the days to load; the reservations written since a mark and the
 * counters they name on the days already held (on a first read, every HELD reservation); the next mark.
 */
export interface CapacityUsageReader {
  read(request: CounterReadRequest): Promise<CounterRead>;
}

export const CAPACITY_USAGE_READER = Symbol('CapacityUsageReader');

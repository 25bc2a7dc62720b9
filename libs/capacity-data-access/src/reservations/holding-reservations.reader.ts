/**
 * The reads of the reservation check (docs/reservations.md, "When a change breaks a reservation"): the counters
 * with used units from a day on, and every reservation still holding (HELD with its hold running, or CONFIRMED)
 * through a cursor, `FETCH_ROWS` at a time, so 100k reservations are never one result in memory nor one callback.
 */
import { eachBatch, type Database } from '@delivery/persistence';
import type { CounterLoad, HoldingReservation } from '@delivery/capacity-domain';

const LOADS = `
  SELECT scope, ref, to_char(date, 'YYYY-MM-DD') AS date, used::integer AS used
  FROM capacity_counters WHERE used > 0 AND date >= $1::date`;

const HOLDING = `
  SELECT identifier, status, created_at AS "createdAt", selections, taken, request
  FROM capacity_reservations
  WHERE status = 'CONFIRMED' OR (status = 'HELD' AND hold_expires_at > $1)
  ORDER BY created_at, identifier`;

export class HoldingReservationsReader {
  constructor(private readonly database: Database) {}

  /** Counters with used units on `from` or later. */
  counterLoads(from: string): Promise<CounterLoad[]> {
    return this.database.query<CounterLoad>(LOADS, [from]);
  }

  /** The reservations holding at `now`, in the order they were taken, a batch at a time; `visit` may pause. */
  async eachHolding(now: Date, visit: (batch: HoldingReservation[]) => Promise<void>): Promise<void> {
    await this.database.transaction((sql) => eachBatch<HoldingReservation>(sql, HOLDING, [now], visit));
  }
}

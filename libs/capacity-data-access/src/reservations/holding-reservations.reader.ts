/**
 * The reads of the reservation check (docs/reservations.md, "When a change breaks a reservation"): the counters
 * with used units from a day on (one per reservation and window at least: read in batches too); every reservation still holding (HELD with its hold running, or CONFIRMED) through
 * a cursor, `FETCH_ROWS` at a time, so 100k reservations are never one result in memory nor one callback, the next
 * batch read ahead while the check works through one — only the columns the check reads, in the table's order
 * (no sort of 100k rows: the check orders what it lists), what each took only when asked;
 * and the requests kept with the few reservations the check calculates again.
 */
import { eachBatch, type Database } from '@delivery/persistence';
import type {
  CalculateDeliveryCapacityRequest,
  CounterLoad,
  HoldingReservation,
} from '@delivery/capacity-domain';
import { holdingAt } from './holding.sql';

const LOADS = `
  SELECT scope, ref, to_char(date, 'YYYY-MM-DD') AS date, used::integer AS used
  FROM capacity_counters WHERE used > 0 AND date >= $1::date`;

const HOLDING = `
  SELECT identifier, status, floor(extract(epoch FROM created_at) * 1000)::float8 AS "createdAt", selections,
    CASE WHEN $2::boolean THEN taken ELSE '[]'::jsonb END AS taken
  FROM capacity_reservations
  WHERE ${holdingAt('$1')}`;

const REQUESTS = `
  SELECT identifier, request FROM capacity_reservations
  WHERE identifier = ANY($1::text[]) AND request IS NOT NULL`;

/** A holding reservation as `HOLDING` reads it: `createdAt` in milliseconds since the epoch, not as text. */
type HoldingRow = Omit<HoldingReservation, 'createdAt'> & { createdAt: number };

/** The milliseconds truncated as the driver's own parse of the timestamp would, without parsing text. */
const holding = (row: HoldingRow): HoldingReservation => ({ ...row, createdAt: new Date(row.createdAt) });

export class HoldingReservationsReader {
  constructor(private readonly database: Database) {}

  /** Counters with used units on `from` or later, a batch at a time; `visit` may pause. */
  async eachCounterLoad(from: string, visit: (batch: CounterLoad[]) => Promise<void>): Promise<void> {
    await this.database.transaction((sql) =>
      eachBatch<CounterLoad>(sql, LOADS, [from], visit, { readAhead: true }),
    );
  }

  /** The reservations holding at `now`, a batch at a time, `taken` read only when `withTaken`; `visit` may pause. */
  async eachHolding(
    now: Date,
    withTaken: boolean,
    visit: (batch: HoldingReservation[]) => Promise<void>,
  ): Promise<void> {
    await this.database.transaction((sql) =>
      eachBatch<HoldingRow>(sql, HOLDING, [now, withTaken], (batch) => visit(batch.map(holding)), {
        readAhead: true,
      }),
    );
  }

  /** The requests kept with these reservations; one that kept none is absent. */
  async requestsOf(identifiers: readonly string[]): Promise<Map<string, CalculateDeliveryCapacityRequest>> {
    if (identifiers.length === 0) return new Map();
    const rows = await this.database.query<{ identifier: string; request: CalculateDeliveryCapacityRequest }>(
      REQUESTS,
      [identifiers],
    );
    return new Map(rows.map((row) => [row.identifier, row.request]));
  }
}

/**
 * The reads of a backtest (docs/accuracy.md, "Backtesting a change"): the promises made in a range of instants
 * (their reservation's creation), each with what happened to it and the request its reservation was computed from,
 * in one statement through a cursor, `FETCH_ROWS` at a time, so 100k promises are never one result in memory nor
 * one callback. Ordered by reservation, its selections together, so a reservation's request is calculated once.
 * Each batch is asked for before the one in hand is replayed (`readAhead`): the server reads and sends it meanwhile.
 */
import { eachBatch, type Database } from '@delivery/persistence';
import type { RecordedPromise } from '@delivery/capacity-domain';

/**
 * `promised_date >= $3` (the first day of the range: no promise is due before it is made) lets the index narrow it.
 * The request rides on selection 0, which every confirmed reservation has (a move marks a dropped selection
 * released, it never deletes it): one copy per reservation to parse.
 */
const RECORDED = `
  SELECT p.reservation_identifier AS identifier, p.selection, p.origin, p.dispatch_mode AS "dispatchMode",
    p.destination, coalesce(p.route, '') AS lane, to_char(p.promised_date, 'YYYY-MM-DD') AS "promisedDate",
    p.state, to_char(p.delivered_date, 'YYYY-MM-DD') AS "deliveredDate", p.reserved_at AS "reservedAt",
    CASE WHEN p.selection = 0 THEN r.request END AS request
  FROM delivery_promises p LEFT JOIN capacity_reservations r ON r.identifier = p.reservation_identifier
  WHERE p.reserved_at >= $1 AND p.reserved_at < $2 AND p.promised_date >= $3::date
  ORDER BY p.reserved_at, p.reservation_identifier, p.selection`;

/** Room to sort a quarter's promises with their requests in memory (100k: ~40 MB) rather than on disk. */
const SORT_SETTINGS = "SELECT set_config('work_mem', '64MB', true)";

export class RecordedPromisesReader {
  constructor(private readonly database: Database) {}

  /**
   * The promises whose reservation was made in [`from`, `until`), in the order they were made, a batch at a time
   * (`visit` may pause: the next batch is fetched once it has settled). `firstDay`: the business day of `from`.
   * The request is on each reservation's selection 0 only (the same for all its promises; null on the others).
   */
  async eachRecorded(
    from: Date,
    until: Date,
    firstDay: string,
    visit: (batch: RecordedPromise[]) => Promise<void>,
  ): Promise<void> {
    await this.database.transaction(async (sql) => {
      await sql.query(SORT_SETTINGS);
      await eachBatch<RecordedPromise>(sql, RECORDED, [from, until, firstDay], visit, {
        readAhead: true,
      });
    });
  }
}

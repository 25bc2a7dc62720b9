/**
 * A confirmation, a move or a release together with what it does to the reservation's delivery promises, in one
 * transaction on one pooled connection: the reservation's statements (`CapacityReservationRepository`) and those of
 * the promises (`promisesIn`: the outcomes' adapter, bound by the reservations feature) on the same transaction.
 * Each transaction first says that it writes the promises of what it writes (`capacity_reservations_promising`), so
 * the trigger `capacity_reservations_unpromised` marks only the writes of a writer that does not (a previous
 * release's replica during a rolling upgrade). It says so in the message that opens it (`Database.transaction`'s
 * opening statement, sent with `BEGIN`): the confirmations of one turn of the event loop (batched by the confirm use
 * case) cost four round trips together (begin, the reservations' statement, the promises', commit), not five.
 */
import { TurnBatcher, type Database, type Sql } from '@delivery/persistence';
import { CapacityReservationRepository, retryingDeadlocks } from './capacity-reservation.repository';

const PROMISING = 'SELECT capacity_reservations_promising()';

export class ReservationTransactions<Promises> {
  constructor(
    private readonly database: Database,
    private readonly promisesIn: (sql: Sql) => Promises,
  ) {}

  /** `work` committed whole or not at all; a deadlock Postgres broke aborts it whole, and it runs again whole. */
  transaction<T>(
    work: (reservations: CapacityReservationRepository, promises: Promises) => Promise<T>,
  ): Promise<T> {
    return retryingDeadlocks(() =>
      this.database.transaction(
        (sql) => work(new CapacityReservationRepository(sql, 1, 1), this.promisesIn(sql)),
        PROMISING,
      ),
    );
  }

  /**
   * A function whose calls made in the same turn of the event loop (at most `maxBatch` together) run `work` on all
   * their inputs in one `transaction` (`TurnBatcher`, as holds share their statement): `work` answers in the order
   * of its inputs; a failed transaction fails every call of the batch with its error.
   */
  perTurn<I, O>(
    work: (
      inputs: readonly I[],
      reservations: CapacityReservationRepository,
      promises: Promises,
    ) => Promise<readonly O[]>,
    maxBatch: number,
  ): (input: I) => Promise<O> {
    const batcher = new TurnBatcher<I, O>(
      (inputs) => this.transaction((reservations, promises) => work(inputs, reservations, promises)),
      maxBatch,
    );
    return (input) => batcher.add(input);
  }
}

/**
 * What a reservation's confirmation, move and release write of its delivery promises (docs/accuracy.md), on the
 * `Sql` of the reservation's transaction (`ReservationTransactions`). A promise per selection of each reservation of
 * a batch is made or rewritten by one statement (`delivery_promises_planned_batch`, libs/migrations/src/definitions),
 * which also counts them in their day rows; a release
 * marks a confirmed reservation's promises released and stale (their outcome is computed again).
 */
import type { Sql } from '@delivery/persistence';
import type { ReservedSelection } from '@delivery/capacity-domain';

/** The reservation whose promises are made or rewritten: what a confirmation or a move of a confirmed one gives. */
export interface PromisedReservation {
  identifier: string;
  selections: readonly ReservedSelection[];
  createdAt: Date;
  confirmedAt: Date;
}

const PLANNED = 'SELECT delivery_promises_planned_batch($1::jsonb)';

const RELEASED = `UPDATE delivery_promises SET released = true, stale = true WHERE reservation_identifier = $1`;

export class DeliveryPromiseRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * A promise per selection (position from 0) of each reservation (each identifier once), written or rewritten;
   * those of selections beyond released. One statement for all of them; none for none.
   */
  async planned(reservations: readonly PromisedReservation[]): Promise<void> {
    if (reservations.length === 0) return;
    const batch = reservations.map(({ identifier, selections, createdAt, confirmedAt }) => ({
      identifier,
      selections,
      createdAt,
      confirmedAt,
    }));
    await this.sql.prepared({
      name: 'delivery-promises-planned',
      text: PLANNED,
      values: [JSON.stringify(batch)],
    });
  }

  /** Every promise of the reservation marked released and stale. */
  async released(identifier: string): Promise<void> {
    await this.sql.prepared({ name: 'delivery-promises-released', text: RELEASED, values: [identifier] });
  }
}

/**
 * What a reservation's confirmation, move and release write of its delivery promises (docs/accuracy.md), on the
 * `Sql` of the reservation's transaction (`ReservationTransactions`). A promise per selection is made or rewritten
 * by `delivery_promises_planned` (libs/migrations/src/definitions), which also counts it in its day rows; a release
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

const PLANNED = 'SELECT delivery_promises_planned($1, $2::jsonb, $3, $4)';

const RELEASED = `UPDATE delivery_promises SET released = true, stale = true WHERE reservation_identifier = $1`;

export class DeliveryPromiseRepository {
  constructor(private readonly sql: Sql) {}

  /** A promise per selection (position from 0), written or rewritten; those of selections beyond released. */
  async planned(reservation: PromisedReservation): Promise<void> {
    await this.sql.prepared({
      name: 'delivery-promises-planned',
      text: PLANNED,
      values: [
        reservation.identifier,
        JSON.stringify(reservation.selections),
        reservation.createdAt,
        reservation.confirmedAt,
      ],
    });
  }

  /** Every promise of the reservation marked released and stale. */
  async released(identifier: string): Promise<void> {
    await this.sql.prepared({ name: 'delivery-promises-released', text: RELEASED, values: [identifier] });
  }
}

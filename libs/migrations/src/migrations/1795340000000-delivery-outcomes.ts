import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether promises are kept (docs/accuracy.md):
 *  - `delivery_promises`: one row per selection of a confirmed reservation (`selection` is its position, from 0):
 *    the promised date and window, the plan behind it (the PICKING counter's date, the first DISPATCH counter's
 *    date, the legs of the path as `route`), and the outcome the service computed from the events (`state`,
 *    `delivered_date`, `delay_days`, `failed_attempts`, `slipped_step`, `ignored_events`). Written when a
 *    reservation goes HELD → CONFIRMED (`delivery_promises_planned`, definitions/); a CONFIRMED reservation
 *    released later marks its promises `released`. `stale` marks a promise whose outcome must be computed again (events
 *    arrived before it existed, or it was released): the outcome worker's sweep does it
 *    (`delivery_promises_stale_idx`). `delivery_promises_promised_idx` serves every accuracy question (a range of
 *    promised dates).
 *  - `delivery_outcome_events`: every event received, once: the primary key (reservation, selection, type,
 *    instant) makes the same event twice one row. `orphan` is true while no promise matches it (an unknown
 *    reservation, a hold not yet confirmed, a selection it does not have): kept and counted, and adopted when
 *    the reservation is confirmed. `delivery_outcome_events_occurred_idx` serves the retention.
 */
export class DeliveryOutcomes1795340000000 implements MigrationInterface {
  name = 'DeliveryOutcomes1795340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE delivery_promises (
        reservation_identifier text NOT NULL,
        selection integer NOT NULL,
        origin text NOT NULL,
        dispatch_mode text NOT NULL,
        destination text NOT NULL,
        route text,
        delivery_window text,
        promised_date date NOT NULL,
        picking_date date,
        departure_date date,
        reserved_at timestamptz NOT NULL,
        confirmed_at timestamptz NOT NULL,
        released boolean NOT NULL DEFAULT false,
        state text NOT NULL DEFAULT 'OPEN' CHECK (state IN ('OPEN', 'DELIVERED', 'CANCELLED')),
        delivered_date date,
        delay_days integer,
        failed_attempts integer NOT NULL DEFAULT 0,
        slipped_step text
          CHECK (slipped_step IN ('PICKING', 'DEPARTURE', 'TRANSIT', 'DELIVERY_ATTEMPT', 'UNKNOWN')),
        ignored_events integer NOT NULL DEFAULT 0,
        stale boolean NOT NULL DEFAULT false,
        PRIMARY KEY (reservation_identifier, selection),
        CHECK ((state = 'DELIVERED') = (delivered_date IS NOT NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX delivery_promises_promised_idx ON delivery_promises (promised_date)`,
    );
    await queryRunner.query(`
      CREATE INDEX delivery_promises_stale_idx ON delivery_promises (reservation_identifier, selection)
      WHERE stale`);
    await queryRunner.query(`
      CREATE TABLE delivery_outcome_events (
        reservation_identifier text NOT NULL,
        selection integer NOT NULL,
        type text NOT NULL
          CHECK (type IN ('PICKED', 'DISPATCHED', 'DELIVERED', 'DELIVERY_FAILED', 'CANCELLED')),
        occurred_at timestamptz NOT NULL,
        reason text,
        received_at timestamptz NOT NULL,
        orphan boolean NOT NULL,
        PRIMARY KEY (reservation_identifier, selection, type, occurred_at)
      )`);
    await queryRunner.query(
      `CREATE INDEX delivery_outcome_events_occurred_idx ON delivery_outcome_events (occurred_at)`,
    );
    await queryRunner.query(`
      CREATE INDEX delivery_outcome_events_orphan_idx ON delivery_outcome_events (reservation_identifier)
      WHERE orphan`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE delivery_outcome_events');
    await queryRunner.query('DROP TABLE delivery_promises');
  }
}

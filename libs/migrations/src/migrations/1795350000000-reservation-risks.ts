import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reservations the active configuration breaks (docs/reservations.md, "After a change goes live"):
 *  - `capacity_reservation_risk_checks`: one row per configuration version whose check was claimed: the replica
 *    that inserts it runs the check (a claim not finished within ten minutes may be taken again), and `finished_at`
 *    says the version's risks are written — a version is checked once, whichever replicas load it.
 *  - `capacity_reservation_risks`: each reservation at risk under a version, with its reason, the step that no
 *    longer fits, the selection, and the earliest promise the version gives the same order; `newly`: it was not at
 *    risk under the version checked before, so a `reservation.at-risk` event is due, and `published_at` says when
 *    the broker confirmed it (the outbox: the publisher takes the rows still NULL, `FOR UPDATE SKIP LOCKED`).
 */
export class ReservationRisks1795350000000 implements MigrationInterface {
  name = 'ReservationRisks1795350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE capacity_reservation_risk_checks (
        version bigint PRIMARY KEY,
        claimed_at timestamptz NOT NULL,
        finished_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE capacity_reservation_risks (
        version bigint NOT NULL,
        identifier text NOT NULL,
        reason text NOT NULL,
        step jsonb NOT NULL,
        node text,
        origin text NOT NULL,
        delivery_date date NOT NULL,
        selection jsonb NOT NULL,
        earliest_promise jsonb,
        newly boolean NOT NULL,
        published_at timestamptz,
        PRIMARY KEY (version, identifier)
      )`);
    await queryRunner.query(`
      CREATE INDEX capacity_reservation_risks_unpublished_idx ON capacity_reservation_risks (version)
      WHERE newly AND published_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE capacity_reservation_risks');
    await queryRunner.query('DROP TABLE capacity_reservation_risk_checks');
  }
}

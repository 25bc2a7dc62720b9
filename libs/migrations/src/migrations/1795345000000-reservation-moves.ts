import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a reservation needs to be checked against another configuration and moved (docs/reservations.md, "Moving a
 * reservation"):
 *  - `capacity_reservations.request`: the layout A request the reservation was computed from, so that a later
 *    configuration can compute the same order again (the earliest promise it would now give). Rows written before
 *    this migration keep NULL: they can be checked, not moved.
 *  - `capacity_reservation_moves`: one row per move identifier (its idempotency key): the reservation it moved, the
 *    canonical hash of its body, when, and the selections and takes it replaced.
 *  A move is written by `capacity_move` (definitions/capacity-move.function.ts).
 */
export class ReservationMoves1795345000000 implements MigrationInterface {
  name = 'ReservationMoves1795345000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE capacity_reservations ADD COLUMN request jsonb`);
    await queryRunner.query(`
      CREATE TABLE capacity_reservation_moves (
        move_identifier text PRIMARY KEY,
        reservation text NOT NULL,
        body_hash text NOT NULL,
        moved_at timestamptz NOT NULL,
        selections_before jsonb NOT NULL,
        taken_before jsonb NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX capacity_reservation_moves_reservation_idx ON capacity_reservation_moves (reservation)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE capacity_reservation_moves');
    await queryRunner.query('ALTER TABLE capacity_reservations DROP COLUMN request');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Capacity reservations (reservations.md R1–R2.7):
 *  - `capacity_counters.capacity`: the capacity the last reservation that took the counter enforced (the E1.6
 *    capacity of its snapshot). With `CHECK (capacity IS NULL OR used <= capacity)` Postgres itself refuses any
 *    write that would push a counter past it; `used >= 0` was already checked. Rows only read (usage imports)
 *    keep NULL until a reservation takes them.
 *  - `capacity_reservations`: one row per identifier (the primary key makes concurrent duplicates wait for each
 *    other), its state, the canonical hash of its body (idempotency, R2.4), the selections with their plans as
 *    answered, and `taken`: what was incremented, summed per counter (`[{scope, ref, date, units, capacity}]`) —
 *    exactly what a release or the expiry gives back. The partial index finds due holds for the sweeper.
 *  The functions that write reservations and give back what they took, `capacity_reserve` and
 *  `capacity_give_back`, are defined in definitions/.
 */
export class Reservations1795290000000 implements MigrationInterface {
  name = 'Reservations1795290000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE capacity_counters
        ADD COLUMN capacity bigint,
        ADD CONSTRAINT capacity_counters_used_within_capacity CHECK (capacity IS NULL OR used <= capacity)`);
    await queryRunner.query(`
      COMMENT ON COLUMN capacity_counters.capacity IS
        'Capacity enforced by the last reservation that took this counter (reservations.md R2.3); NULL until then'`);
    await queryRunner.query(`
      CREATE TABLE capacity_reservations (
        identifier text PRIMARY KEY,
        body_hash text NOT NULL,
        status text NOT NULL CHECK (status IN ('HELD', 'CONFIRMED', 'RELEASED', 'EXPIRED')),
        created_at timestamptz NOT NULL,
        hold_expires_at timestamptz,
        confirmed_at timestamptz,
        ended_at timestamptz,
        selections jsonb NOT NULL,
        taken jsonb NOT NULL,
        CHECK (status <> 'HELD' OR hold_expires_at IS NOT NULL),
        CHECK (status <> 'CONFIRMED' OR hold_expires_at IS NULL)
      )`);
    await queryRunner.query(`
      CREATE INDEX capacity_reservations_due_idx ON capacity_reservations (hold_expires_at) WHERE status = 'HELD'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE capacity_reservations');
    await queryRunner.query(`
      ALTER TABLE capacity_counters
        DROP CONSTRAINT capacity_counters_used_within_capacity,
        DROP COLUMN capacity`);
  }
}

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
 *  - `capacity_reserve(reservations)`: writes a batch of reservations in one statement (one transaction). Every
 *    counter of the batch is created if missing and locked, in key order (rows created but not taken are removed
 *    before the end); then each reservation in identifier order takes all its counters or none: a duplicate identifier takes nothing ('duplicate'), a counter without
 *    room (`used + units > capacity`) refuses the whole reservation ('full', with the counters), otherwise its row
 *    goes in and every counter gets the conditional increment, stamping the capacity it enforced ('created').
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
    await queryRunner.query(`
      CREATE FUNCTION capacity_reserve(reservations jsonb)
      RETURNS TABLE (slot integer, outcome text, full_counters jsonb)
      LANGUAGE plpgsql AS $$
      DECLARE
        wanted record;
        increments integer;
        created jsonb;
      BEGIN
        -- every counter of the batch exists, then is locked, in key order (releases and sweeps lock in that
        -- order too): from here on the room on each is what this transaction sees
        WITH inserted AS (
          INSERT INTO capacity_counters (scope, ref, date)
          SELECT DISTINCT t.scope, t.ref, t.date
          FROM jsonb_array_elements(reservations) AS r(item),
               jsonb_to_recordset(r.item -> 'taken') AS t(scope text, ref text, date date)
          ORDER BY 1, 2, 3
          ON CONFLICT (scope, ref, date) DO NOTHING
          RETURNING scope, ref, date
        )
        SELECT jsonb_agg(to_jsonb(inserted)) INTO created FROM inserted;
        PERFORM FROM capacity_counters c
        WHERE (c.scope, c.ref, c.date) IN (
          SELECT t.scope, t.ref, t.date
          FROM jsonb_array_elements(reservations) AS r(item),
               jsonb_to_recordset(r.item -> 'taken') AS t(scope text, ref text, date date))
        ORDER BY c.scope, c.ref, c.date
        FOR UPDATE;

        FOR wanted IN
          SELECT r.item, r.ordinality::integer AS ordinal
          FROM jsonb_array_elements(reservations) WITH ORDINALITY AS r(item, ordinality)
          ORDER BY r.item ->> 'identifier', r.ordinality
        LOOP
          slot := wanted.ordinal;
          full_counters := NULL;
          -- the identifier first: a concurrent duplicate waits here for the other writer, then takes nothing
          INSERT INTO capacity_reservations
            (identifier, body_hash, status, created_at, hold_expires_at, selections, taken)
          VALUES (wanted.item ->> 'identifier', wanted.item ->> 'bodyHash', 'HELD',
                  (wanted.item ->> 'createdAt')::timestamptz, (wanted.item ->> 'holdExpiresAt')::timestamptz,
                  wanted.item -> 'selections', wanted.item -> 'taken')
          ON CONFLICT DO NOTHING;
          IF NOT FOUND THEN
            outcome := 'duplicate';
            RETURN NEXT;
            CONTINUE;
          END IF;
          SELECT jsonb_agg(jsonb_build_object('scope', t.scope, 'ref', t.ref, 'date', t.date)
                           ORDER BY t.scope, t.ref, t.date)
          INTO full_counters
          FROM jsonb_to_recordset(wanted.item -> 'taken')
               AS t(scope text, ref text, date date, units bigint, capacity bigint)
          JOIN capacity_counters c ON (c.scope, c.ref, c.date) = (t.scope, t.ref, t.date)
          WHERE c.used + t.units > t.capacity;
          IF full_counters IS NOT NULL THEN
            DELETE FROM capacity_reservations r WHERE r.identifier = wanted.item ->> 'identifier';
            outcome := 'full';
            RETURN NEXT;
            CONTINUE;
          END IF;
          UPDATE capacity_counters c SET used = c.used + t.units, capacity = t.capacity
          FROM jsonb_to_recordset(wanted.item -> 'taken')
               AS t(scope text, ref text, date date, units bigint, capacity bigint)
          WHERE (c.scope, c.ref, c.date) = (t.scope, t.ref, t.date) AND c.used + t.units <= t.capacity;
          GET DIAGNOSTICS increments = ROW_COUNT;
          IF increments <> jsonb_array_length(wanted.item -> 'taken') THEN
            RAISE EXCEPTION 'reservation % took % of its % counters', wanted.item ->> 'identifier', increments,
              jsonb_array_length(wanted.item -> 'taken');
          END IF;
          outcome := 'created';
          RETURN NEXT;
        END LOOP;

        -- rows created above that no reservation took are not kept
        DELETE FROM capacity_counters c
        USING jsonb_to_recordset(coalesce(created, '[]')) AS n(scope text, ref text, date date)
        WHERE (c.scope, c.ref, c.date) = (n.scope, n.ref, n.date) AND c.used = 0;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION capacity_reserve(jsonb)');
    await queryRunner.query('DROP TABLE capacity_reservations');
    await queryRunner.query(`
      ALTER TABLE capacity_counters
        DROP CONSTRAINT capacity_counters_used_within_capacity,
        DROP COLUMN capacity`);
  }
}

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
 *    before the end); then each reservation, in identifier order, takes all its counters or none: a duplicate
 *    identifier takes nothing ('duplicate'), a counter without room (`used + units > capacity`) refuses the whole
 *    reservation ('full', with those counters), otherwise its row goes in and every counter gets the conditional
 *    increment, stamping the capacity it enforced ('created').
 *  - `capacity_give_back(taken)`: decrements what reservations took, summed per counter, in key order.
 * Counters are reached one key at a time (a primary-key lookup each), whatever the planner would estimate for rows
 * coming out of JSON, and always locked in `(scope, ref, date)` order: writers never wait on each other in a cycle.
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
        counter record;
        wanted record;
        room bigint;
        created jsonb;
      BEGIN
        -- every counter of the batch exists, then is locked, in key order: from here on the room on each is
        -- what this transaction sees
        WITH inserted AS (
          INSERT INTO capacity_counters (scope, ref, date)
          SELECT DISTINCT t.scope, t.ref, t.date
          FROM jsonb_array_elements(reservations) AS r(item),
               jsonb_to_recordset(r.item -> 'taken') AS t(scope text, ref text, date date)
          ORDER BY 1, 2, 3
          ON CONFLICT (scope, ref, date) DO NOTHING
          RETURNING scope, ref, date
        )
        SELECT coalesce(jsonb_agg(to_jsonb(inserted)), '[]') INTO created FROM inserted;
        FOR counter IN
          SELECT DISTINCT t.scope, t.ref, t.date
          FROM jsonb_array_elements(reservations) AS r(item),
               jsonb_to_recordset(r.item -> 'taken') AS t(scope text, ref text, date date)
          ORDER BY 1, 2, 3
        LOOP
          PERFORM FROM capacity_counters c
          WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date
          FOR UPDATE;
        END LOOP;

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
          FOR counter IN
            SELECT * FROM jsonb_to_recordset(wanted.item -> 'taken')
              AS t(scope text, ref text, date date, units bigint, capacity bigint)
          LOOP
            SELECT c.used INTO room FROM capacity_counters c
            WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date;
            IF room + counter.units > counter.capacity THEN
              full_counters := coalesce(full_counters, '[]') ||
                jsonb_build_object('scope', counter.scope, 'ref', counter.ref, 'date', counter.date);
            END IF;
          END LOOP;
          IF full_counters IS NOT NULL THEN
            DELETE FROM capacity_reservations r WHERE r.identifier = wanted.item ->> 'identifier';
            outcome := 'full';
            RETURN NEXT;
            CONTINUE;
          END IF;
          FOR counter IN
            SELECT * FROM jsonb_to_recordset(wanted.item -> 'taken')
              AS t(scope text, ref text, date date, units bigint, capacity bigint)
          LOOP
            UPDATE capacity_counters c SET used = c.used + counter.units, capacity = counter.capacity
            WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date
              AND c.used + counter.units <= counter.capacity;
            IF NOT FOUND THEN
              RAISE EXCEPTION 'reservation % could not take % % %', wanted.item ->> 'identifier',
                counter.scope, counter.ref, counter.date;
            END IF;
          END LOOP;
          outcome := 'created';
          RETURN NEXT;
        END LOOP;

        -- rows created above that no reservation took are not kept
        FOR counter IN SELECT * FROM jsonb_to_recordset(created) AS n(scope text, ref text, date date) LOOP
          DELETE FROM capacity_counters c
          WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date AND c.used = 0;
        END LOOP;
      END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION capacity_give_back(taken jsonb) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        counter record;
        given integer := 0;
      BEGIN
        FOR counter IN
          SELECT t.scope, t.ref, t.date, sum(t.units) AS units
          FROM jsonb_to_recordset(taken) AS t(scope text, ref text, date date, units bigint)
          GROUP BY 1, 2, 3
          ORDER BY 1, 2, 3
        LOOP
          -- GREATEST: a usage import may have set the counter below what reservations hold
          UPDATE capacity_counters c SET used = GREATEST(c.used - counter.units, 0)
          WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date;
          given := given + 1;
        END LOOP;
        RETURN given;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION capacity_give_back(jsonb)');
    await queryRunner.query('DROP FUNCTION capacity_reserve(jsonb)');
    await queryRunner.query('DROP TABLE capacity_reservations');
    await queryRunner.query(`
      ALTER TABLE capacity_counters
        DROP CONSTRAINT capacity_counters_used_within_capacity,
        DROP COLUMN capacity`);
  }
}

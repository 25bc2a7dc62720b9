import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a reservation needs to be checked against another configuration and moved (docs/reservations.md, "Moving a
 * reservation"):
 *  - `capacity_reservations.request`: the layout A request the reservation was computed from, so that a later
 *    configuration can compute the same order again (the earliest promise it would now give). Rows written before
 *    this migration keep NULL: they can be checked, not moved.
 *  - `capacity_reserve_with_requests(reservations)`: `capacity_reserve` (one statement for a batch, all counters or
 *    none), then each created reservation's request stored in the same transaction.
 *  - `capacity_reservation_moves`: one row per move identifier (its idempotency key): the reservation it moved, the
 *    canonical hash of its body, when, and the selections and takes it replaced.
 *  - `capacity_move(move)`: one move in one statement. The reservation's row is locked first (a release, a sweep or
 *    another move of it waits), then every counter of the old and the new takes, created if missing and locked in
 *    `(scope, ref, date)` order like every other writer; each new counter must hold `used − old units + new units`
 *    within the capacity the new plan enforces, or nothing is written ('full', with those counters). Otherwise the
 *    old takes are given back, the new ones taken, the row rewritten and the move recorded. A move rewrites what a
 *    reservation holds without creating or ending it, so it counts as a removal for the usage readers, which then
 *    load again (see `capacity_usage_removals`). A CONFIRMED reservation's promises (`delivery_promises`, one per
 *    selection) are rewritten to the new plan in the same transaction and marked stale, so their outcomes are
 *    computed again from their events; a promise whose selection the move dropped is marked released.
 */
export class ReservationMoves1795345000000 implements MigrationInterface {
  name = 'ReservationMoves1795345000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE capacity_reservations ADD COLUMN request jsonb`);
    await queryRunner.query(`
      CREATE FUNCTION capacity_reserve_with_requests(reservations jsonb)
      RETURNS TABLE (slot integer, outcome text, full_counters jsonb)
      LANGUAGE plpgsql AS $$
      DECLARE
        result record;
      BEGIN
        FOR result IN SELECT * FROM capacity_reserve(reservations) r ORDER BY r.slot LOOP
          IF result.outcome = 'created' THEN
            UPDATE capacity_reservations c SET request = reservations -> (result.slot - 1) -> 'request'
            WHERE c.identifier = reservations -> (result.slot - 1) ->> 'identifier';
          END IF;
          slot := result.slot;
          outcome := result.outcome;
          full_counters := result.full_counters;
          RETURN NEXT;
        END LOOP;
      END
      $$`);
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
    await queryRunner.query(`
      CREATE FUNCTION capacity_move(move jsonb)
      RETURNS TABLE (outcome text, status text, full_counters jsonb)
      LANGUAGE plpgsql AS $$
      DECLARE
        existing record;
        held record;
        counter record;
        created jsonb;
        at_instant timestamptz := (move ->> 'movedAt')::timestamptz;
      BEGIN
        SELECT m.reservation, m.body_hash INTO existing FROM capacity_reservation_moves m
        WHERE m.move_identifier = move ->> 'moveIdentifier';
        IF FOUND THEN
          outcome := CASE WHEN existing.reservation = move ->> 'identifier' AND existing.body_hash = move ->> 'bodyHash'
                          THEN 'replayed' ELSE 'conflict' END;
          RETURN NEXT;
          RETURN;
        END IF;

        SELECT r.status, r.hold_expires_at, r.created_at, r.confirmed_at, r.selections, r.taken INTO held
        FROM capacity_reservations r
        WHERE r.identifier = move ->> 'identifier' FOR UPDATE;
        IF NOT FOUND THEN
          outcome := 'not_found';
          RETURN NEXT;
          RETURN;
        END IF;
        IF held.status NOT IN ('HELD', 'CONFIRMED') OR (held.status = 'HELD' AND held.hold_expires_at <= at_instant) THEN
          outcome := 'not_held';
          status := held.status;
          RETURN NEXT;
          RETURN;
        END IF;

        WITH inserted AS (
          INSERT INTO capacity_counters (scope, ref, date)
          SELECT DISTINCT t.scope, t.ref, t.date FROM jsonb_to_recordset(move -> 'taken') AS t(scope text, ref text, date date)
          ORDER BY 1, 2, 3
          ON CONFLICT (scope, ref, date) DO NOTHING
          RETURNING scope, ref, date
        )
        SELECT coalesce(jsonb_agg(to_jsonb(inserted)), '[]') INTO created FROM inserted;
        FOR counter IN
          SELECT t.scope, t.ref, t.date
          FROM jsonb_to_recordset((move -> 'taken') || held.taken) AS t(scope text, ref text, date date)
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        LOOP
          PERFORM FROM capacity_counters c
          WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date
          FOR UPDATE;
        END LOOP;

        SELECT jsonb_agg(jsonb_build_object('scope', n.scope, 'ref', n.ref, 'date', n.date) ORDER BY n.scope, n.ref, n.date)
        INTO full_counters
        FROM jsonb_to_recordset(move -> 'taken') AS n(scope text, ref text, date date, units bigint, capacity bigint)
        JOIN capacity_counters c ON c.scope = n.scope AND c.ref = n.ref AND c.date = n.date
        LEFT JOIN jsonb_to_recordset(held.taken) AS o(scope text, ref text, date date, units bigint)
          ON o.scope = n.scope AND o.ref = n.ref AND o.date = n.date
        WHERE c.used - coalesce(o.units, 0) + n.units > n.capacity;
        IF full_counters IS NULL THEN
          PERFORM capacity_give_back(held.taken);
          FOR counter IN
            SELECT * FROM jsonb_to_recordset(move -> 'taken')
              AS t(scope text, ref text, date date, units bigint, capacity bigint)
            ORDER BY 1, 2, 3
          LOOP
            UPDATE capacity_counters c SET used = c.used + counter.units, capacity = counter.capacity
            WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date
              AND c.used + counter.units <= counter.capacity;
            IF NOT FOUND THEN
              RAISE EXCEPTION 'move % could not take % % %', move ->> 'moveIdentifier',
                counter.scope, counter.ref, counter.date;
            END IF;
          END LOOP;
          UPDATE capacity_reservations r SET selections = move -> 'selections', taken = move -> 'taken'
          WHERE r.identifier = move ->> 'identifier';
          INSERT INTO capacity_reservation_moves
            (move_identifier, reservation, body_hash, moved_at, selections_before, taken_before)
          VALUES (move ->> 'moveIdentifier', move ->> 'identifier', move ->> 'bodyHash', at_instant,
                  held.selections, held.taken);
          UPDATE capacity_usage_removals SET removals = removals + 1;
          IF held.status = 'CONFIRMED' THEN
            -- the promises follow the new plan; their outcomes are computed again from their events
            INSERT INTO delivery_promises AS p (reservation_identifier, selection, origin, dispatch_mode, destination,
              route, delivery_window, promised_date, picking_date, departure_date, reserved_at, confirmed_at, stale)
            SELECT move ->> 'identifier', s.position - 1, s.item ->> 'origin', s.item ->> 'dispatchMode',
              s.item ->> 'destination',
              (SELECT string_agg(e.entry ->> 'ref', ' > ' ORDER BY e.position)
               FROM jsonb_array_elements(s.item -> 'plan') WITH ORDINALITY AS e(entry, position)
               WHERE e.entry ->> 'scope' = 'DISPATCH'),
              s.item ->> 'deliveryWindow', (s.item ->> 'deliveryDate')::date,
              (SELECT min((e.entry ->> 'date')::date) FROM jsonb_array_elements(s.item -> 'plan') AS e(entry)
               WHERE e.entry ->> 'scope' = 'PICKING'),
              (SELECT (e.entry ->> 'date')::date
               FROM jsonb_array_elements(s.item -> 'plan') WITH ORDINALITY AS e(entry, position)
               WHERE e.entry ->> 'scope' = 'DISPATCH' ORDER BY e.position LIMIT 1),
              held.created_at, held.confirmed_at, true
            FROM jsonb_array_elements(move -> 'selections') WITH ORDINALITY AS s(item, position)
            ON CONFLICT (reservation_identifier, selection) DO UPDATE SET
              origin = EXCLUDED.origin, dispatch_mode = EXCLUDED.dispatch_mode, destination = EXCLUDED.destination,
              route = EXCLUDED.route, delivery_window = EXCLUDED.delivery_window,
              promised_date = EXCLUDED.promised_date, picking_date = EXCLUDED.picking_date,
              departure_date = EXCLUDED.departure_date, released = false, stale = true;
            UPDATE delivery_promises SET released = true, stale = true
            WHERE reservation_identifier = move ->> 'identifier'
              AND selection >= jsonb_array_length(move -> 'selections');
            UPDATE delivery_outcome_events SET orphan = false
            WHERE reservation_identifier = move ->> 'identifier' AND orphan
              AND selection < jsonb_array_length(move -> 'selections');
          END IF;
          outcome := 'moved';
          status := held.status;
        ELSE
          outcome := 'full';
        END IF;

        -- rows created above that the move did not take are not kept
        FOR counter IN SELECT * FROM jsonb_to_recordset(created) AS n(scope text, ref text, date date) LOOP
          DELETE FROM capacity_counters c
          WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date AND c.used = 0;
        END LOOP;
        RETURN NEXT;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION capacity_move(jsonb)');
    await queryRunner.query('DROP TABLE capacity_reservation_moves');
    await queryRunner.query('DROP FUNCTION capacity_reserve_with_requests(jsonb)');
    await queryRunner.query('ALTER TABLE capacity_reservations DROP COLUMN request');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The key of a day's row (`delivery_accuracy_days_key`). */
const KEY = '1, 2, 3, 4, 5, 6, 7, 8, 9';

/**
 * The day rows counted by the statements that write promises, not by triggers (docs/accuracy.md, "Storage"). The
 * statement-level triggers of DeliveryAccuracyDays1795360000000 copied every written row into transition tables and
 * planned a dynamic statement per write: a million promises inserted took 37 s instead of 8, and each evaluated
 * batch paid for it. Instead, every statement that writes promises hands the rows it replaced and the rows it wrote
 * to `delivery_accuracy_days_add(removed, added)`, in the same statement or the same function:
 *  - `delivery_accuracy_days_add` counts them per key (−1 removed, +1 added), adds them in key order (concurrent
 *    writers lock day rows in the same order) and removes the rows its additions left without promises;
 *  - `delivery_promises_planned(identifier, selections, reserved at, confirmed at)` writes a reservation's promises
 *    from its selections (the confirmation, and a move of a confirmed reservation: promises rewritten to the new plan
 *    and marked stale, those of dropped selections released, orphan events adopted) and counts them: the
 *    confirmation trigger and `capacity_move` both call it, so a promise is made in one place;
 *  - the evaluation (`OutcomeSteps.save`) and the retention (`OutcomeEventRepository.removeBefore`) call
 *    `delivery_accuracy_days_add` with the rows their statement replaced and wrote.
 * A release only marks promises (`released`, `stale`), which is no key: the evaluation that follows counts it.
 * `delivery_accuracy_days_recount()` counts the day rows again from `delivery_promises` (writers of promises wait
 * meanwhile): once here. The evaluations of the pods still running the previous version write promises without
 * counting them: DeliveryAccuracyDaysUncounted1795395000000 has the service recount what they leave by itself.
 */
export class DeliveryAccuracyCountedByWriters1795370000000 implements MigrationInterface {
  name = 'DeliveryAccuracyCountedByWriters1795370000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['inserted', 'updated', 'deleted'])
      await queryRunner.query(`DROP TRIGGER delivery_promises_${trigger}_counted ON delivery_promises`);
    await queryRunner.query('DROP FUNCTION delivery_accuracy_days_counted()');
    await queryRunner.query(`
      CREATE FUNCTION delivery_accuracy_days_add(removed delivery_promises[], added delivery_promises[])
      RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        emptied tid[];
      BEGIN
        WITH written AS (
          SELECT -1 AS sign, * FROM unnest(removed)
          UNION ALL
          SELECT 1, * FROM unnest(added)
        ), changed AS (
          SELECT promised_date, coalesce(route, '') AS route, origin, destination, dispatch_mode,
            coalesce(delivery_window, '') AS delivery_window, state, delay_days,
            coalesce(slipped_step, '') AS slipped_step, sum(sign)::int AS promises,
            sum(sign * failed_attempts)::int AS failed_attempts, sum(sign * ignored_events)::int AS ignored_events
          FROM written
          GROUP BY ${KEY}
          HAVING sum(sign) <> 0 OR sum(sign * failed_attempts) <> 0 OR sum(sign * ignored_events) <> 0
        ), counted AS (
          INSERT INTO delivery_accuracy_days AS d
          SELECT * FROM changed ORDER BY ${KEY}
          ON CONFLICT ON CONSTRAINT delivery_accuracy_days_key DO UPDATE SET
            promises = d.promises + excluded.promises,
            failed_attempts = d.failed_attempts + excluded.failed_attempts,
            ignored_events = d.ignored_events + excluded.ignored_events
          RETURNING d.ctid, d.promises
        )
        SELECT array_agg(ctid) INTO emptied FROM counted WHERE promises = 0;
        IF emptied IS NOT NULL THEN
          DELETE FROM delivery_accuracy_days WHERE ctid = ANY (emptied) AND promises = 0;
        END IF;
      END
      $$`);
    await queryRunner.query(PLANNED);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION delivery_promises_confirmed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'CONFIRMED' THEN
          PERFORM delivery_promises_planned(NEW.identifier, NEW.selections, NEW.created_at, NEW.confirmed_at);
        ELSIF NEW.status = 'RELEASED' AND OLD.status = 'CONFIRMED' THEN
          UPDATE delivery_promises SET released = true, stale = true
          WHERE reservation_identifier = NEW.identifier;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION capacity_move(move jsonb)
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
            PERFORM delivery_promises_planned(move ->> 'identifier', move -> 'selections', held.created_at,
              held.confirmed_at);
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
    await queryRunner.query(`
      CREATE FUNCTION delivery_accuracy_days_recount() RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        counted bigint;
      BEGIN
        LOCK TABLE delivery_promises IN SHARE MODE;
        TRUNCATE delivery_accuracy_days;
        INSERT INTO delivery_accuracy_days
        SELECT promised_date, coalesce(route, ''), origin, destination, dispatch_mode, coalesce(delivery_window, ''),
          state, delay_days, coalesce(slipped_step, ''), count(*), sum(failed_attempts), sum(ignored_events)
        FROM delivery_promises GROUP BY ${KEY};
        GET DIAGNOSTICS counted = ROW_COUNT;
        RETURN counted;
      END
      $$`);
    await queryRunner.query('SELECT delivery_accuracy_days_recount()');
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}

/**
 * A reservation's promises from its selections (`selection` is the position, from 0), written or rewritten, and
 * counted in their day rows: the plan's PICKING date, its first DISPATCH date (the departure from the origin), its
 * legs as `route`. A promise rewritten by a move keeps its reservation's instants and is marked stale (its outcome
 * computed again from its events); a new one is stale when events already wait for it. Promises of selections beyond
 * the new ones are released; orphan events of the selections are adopted.
 */
const PLANNED = `
      CREATE FUNCTION delivery_promises_planned(
        identifier text, selections jsonb, reserved timestamptz, confirmed timestamptz
      ) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        removed delivery_promises[];
        added delivery_promises[];
      BEGIN
        -- locked first: what is uncounted is the row as it is when rewritten (an evaluation may have just changed it)
        SELECT array_agg(locked.p) INTO removed FROM (
          SELECT p FROM delivery_promises p
          WHERE p.reservation_identifier = identifier AND p.selection < jsonb_array_length(selections)
          ORDER BY p.selection FOR UPDATE
        ) AS locked;
        WITH written AS (
          INSERT INTO delivery_promises AS p (reservation_identifier, selection, origin, dispatch_mode, destination,
            route, delivery_window, promised_date, picking_date, departure_date, reserved_at, confirmed_at, stale)
          SELECT identifier, s.position - 1, s.item ->> 'origin', s.item ->> 'dispatchMode',
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
            reserved, confirmed,
            EXISTS (SELECT FROM delivery_outcome_events o
                    WHERE o.reservation_identifier = identifier AND o.selection = s.position - 1)
          FROM jsonb_array_elements(selections) WITH ORDINALITY AS s(item, position)
          ON CONFLICT (reservation_identifier, selection) DO UPDATE SET
            origin = EXCLUDED.origin, dispatch_mode = EXCLUDED.dispatch_mode, destination = EXCLUDED.destination,
            route = EXCLUDED.route, delivery_window = EXCLUDED.delivery_window,
            promised_date = EXCLUDED.promised_date, picking_date = EXCLUDED.picking_date,
            departure_date = EXCLUDED.departure_date, released = false, stale = true
          RETURNING p
        )
        SELECT array_agg(written.p) INTO added FROM written;
        PERFORM delivery_accuracy_days_add(removed, added);
        UPDATE delivery_promises SET released = true, stale = true
        WHERE reservation_identifier = identifier AND selection >= jsonb_array_length(selections);
        UPDATE delivery_outcome_events SET orphan = false
        WHERE reservation_identifier = identifier AND orphan AND selection < jsonb_array_length(selections);
      END
      $$`;

import type { Definition } from './definition';

/**
 * `capacity_move(move)` (docs/reservations.md, "Moving a reservation"): one move in one statement. The move identifier
 * is the idempotency key ('replayed' for the same reservation and body, 'conflict' otherwise). The reservation's row
 * is locked first (a release, a sweep or another move of it waits), then every counter of the old and the new takes,
 * created if missing and locked in `(scope, ref, date)` order like every other writer; each new counter must hold
 * `used − old units + new units` within the capacity the new plan enforces, or nothing is written ('full', with those
 * counters). Otherwise the old takes are given back, the new ones taken, the row rewritten and the move recorded. A
 * move rewrites what a reservation holds without creating or ending it, so it counts as a removal for the usage
 * readers, which then load again (see `capacity_usage_removals`). 'moved' comes with the reservation's status and when
 * it was confirmed: the move use case rewrites a confirmed reservation's promises in the same transaction.
 */
export const capacityMove: Definition = {
  name: 'capacity_move',
  sql: `
CREATE OR REPLACE FUNCTION capacity_move(move jsonb)
RETURNS TABLE (outcome text, status text, full_counters jsonb, confirmed_at timestamptz)
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

  SELECT r.status, r.hold_expires_at, r.confirmed_at, r.selections, r.taken INTO held
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
    outcome := 'moved';
    status := held.status;
    confirmed_at := held.confirmed_at;
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
$$;`,
};

import type { Definition } from './definition';

/**
 * `capacity_reserve(reservations)` (reservations.md R2.3–R2.4): writes a batch of reservations in one statement (one
 * transaction). Every counter of the batch is created if missing and locked, in key order (rows created but not taken
 * are removed before the end); then each reservation, in identifier order, takes all its counters or none: a duplicate
 * identifier takes nothing ('duplicate'), a counter without room (`used + units > capacity`) refuses the whole
 * reservation ('full', with those counters), otherwise its row goes in with its calculation request (NULL when the
 * batch item has none) and every counter gets the conditional increment, stamping the capacity it enforced
 * ('created'). Counters are reached one key at a time (a primary-key lookup each), whatever the planner would estimate
 * for rows coming out of JSON.
 */
export const capacityReserve: Definition = {
  name: 'capacity_reserve',
  sql: `
CREATE OR REPLACE FUNCTION capacity_reserve(reservations jsonb)
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
      (identifier, body_hash, status, created_at, hold_expires_at, selections, taken, request)
    VALUES (wanted.item ->> 'identifier', wanted.item ->> 'bodyHash', 'HELD',
            (wanted.item ->> 'createdAt')::timestamptz, (wanted.item ->> 'holdExpiresAt')::timestamptz,
            wanted.item -> 'selections', wanted.item -> 'taken', wanted.item -> 'request')
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
$$;`,
};

import type { Definition } from './definition';

/**
 * `delivery_promises_planned_batch(reservations)` (docs/accuracy.md): the promises of several reservations from their
 * selections (`selection` is the position, from 0), written or rewritten in one statement, and counted in their day
 * rows: the plan's PICKING date, its first DISPATCH date (the departure from the origin), its legs as `route`, the
 * window's hours (`deliveryWindowStart`, `deliveryWindowEnd`), and what the lane model gave the selection
 * (docs/learning.md: `bufferDays`, 0 when absent; `probability` and `modelVersion`, NULL when absent). `reservations` is a JSON array of
 * `{identifier, selections, createdAt, confirmedAt}`, each identifier once. A promise rewritten by a move keeps its
 * reservation's instants and is marked stale (its outcome computed again from its events); a new one is stale when
 * events already wait for it. Promises of selections beyond the new ones are released; orphan events of the
 * selections are adopted. Each reservation's promise rows are locked by its key, in identifier order (statements
 * planned once per connection, whatever the batch); the promises of all of them are written by one insert, and the
 * day rows of the whole batch counted at once, in key order (`delivery_accuracy_days_add`), so batches written at
 * once do not wait on each other in a cycle. Without JIT: the planner cannot know a batch's size and takes it for
 * 100 reservations of 100 selections each, a cost above the JIT threshold, so each call would compile its insert
 * (some 20 ms) to write a few rows. Its own statements say they count what they write (`delivery_accuracy_days_counting`); what its caller said
 * before is restored at the end, so it speaks for no other statement of the caller's transaction.
 */
export const deliveryPromisesPlannedBatch: Definition = {
  name: 'delivery_promises_planned_batch',
  sql: `
CREATE OR REPLACE FUNCTION delivery_promises_planned_batch(reservations jsonb)
RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  reservation record;
  locked delivery_promises[];
  removed delivery_promises[] := '{}';
  added delivery_promises[];
  counting text := coalesce(current_setting('delivery.accuracy_counted', true), '');
BEGIN
  PERFORM delivery_accuracy_days_counting();
  FOR reservation IN
    SELECT r.identifier, jsonb_array_length(r.selections) AS selections
    FROM jsonb_to_recordset(reservations) AS r(identifier text, selections jsonb)
    ORDER BY r.identifier
  LOOP
    -- locked first: what is uncounted is the row as it is when rewritten (an evaluation may have just changed it)
    SELECT array_agg(l.p) INTO locked FROM (
      SELECT p FROM delivery_promises p
      WHERE p.reservation_identifier = reservation.identifier AND p.selection < reservation.selections
      ORDER BY p.selection FOR UPDATE
    ) AS l;
    removed := removed || coalesce(locked, '{}');
    UPDATE delivery_promises SET released = true, stale = true
    WHERE reservation_identifier = reservation.identifier AND selection >= reservation.selections;
    UPDATE delivery_outcome_events SET orphan = false
    WHERE reservation_identifier = reservation.identifier AND orphan AND selection < reservation.selections;
  END LOOP;
  WITH written AS (
    INSERT INTO delivery_promises AS p (reservation_identifier, selection, origin, dispatch_mode, destination,
      route, delivery_window, delivery_window_start, delivery_window_end, promised_date, picking_date,
      departure_date, reserved_at, confirmed_at, stale, buffer_days, probability, model_version)
    SELECT r.identifier, s.position - 1, s.item ->> 'origin', s.item ->> 'dispatchMode',
      s.item ->> 'destination',
      (SELECT string_agg(e.entry ->> 'ref', ' > ' ORDER BY e.position)
       FROM jsonb_array_elements(s.item -> 'plan') WITH ORDINALITY AS e(entry, position)
       WHERE e.entry ->> 'scope' = 'DISPATCH'),
      s.item ->> 'deliveryWindow', (s.item ->> 'deliveryWindowStart')::timestamptz,
      (s.item ->> 'deliveryWindowEnd')::timestamptz, (s.item ->> 'deliveryDate')::date,
      (SELECT min((e.entry ->> 'date')::date) FROM jsonb_array_elements(s.item -> 'plan') AS e(entry)
       WHERE e.entry ->> 'scope' = 'PICKING'),
      (SELECT (e.entry ->> 'date')::date
       FROM jsonb_array_elements(s.item -> 'plan') WITH ORDINALITY AS e(entry, position)
       WHERE e.entry ->> 'scope' = 'DISPATCH' ORDER BY e.position LIMIT 1),
      r."createdAt", r."confirmedAt",
      EXISTS (SELECT FROM delivery_outcome_events o
              WHERE o.reservation_identifier = r.identifier AND o.selection = s.position - 1),
      coalesce((s.item ->> 'bufferDays')::int, 0), (s.item ->> 'probability')::real,
      (s.item ->> 'modelVersion')::bigint
    FROM jsonb_to_recordset(reservations)
      AS r(identifier text, selections jsonb, "createdAt" timestamptz, "confirmedAt" timestamptz),
      jsonb_array_elements(r.selections) WITH ORDINALITY AS s(item, position)
    ORDER BY r.identifier, s.position
    ON CONFLICT (reservation_identifier, selection) DO UPDATE SET
      origin = EXCLUDED.origin, dispatch_mode = EXCLUDED.dispatch_mode, destination = EXCLUDED.destination,
      route = EXCLUDED.route, delivery_window = EXCLUDED.delivery_window,
      delivery_window_start = EXCLUDED.delivery_window_start, delivery_window_end = EXCLUDED.delivery_window_end,
      promised_date = EXCLUDED.promised_date, picking_date = EXCLUDED.picking_date,
      departure_date = EXCLUDED.departure_date, buffer_days = EXCLUDED.buffer_days,
      probability = EXCLUDED.probability, model_version = EXCLUDED.model_version, released = false, stale = true
    RETURNING p
  )
  SELECT array_agg(written.p) INTO added FROM written;
  PERFORM delivery_accuracy_days_add(removed, added);
  PERFORM set_config('delivery.accuracy_counted', counting, true);
END
$$;`,
};

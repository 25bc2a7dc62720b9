import type { Definition } from './definition';

/**
 * `delivery_promises_planned(identifier, selections, reserved at, confirmed at)` (docs/accuracy.md): a reservation's
 * promises from its selections (`selection` is the position, from 0), written or rewritten, and counted in their day
 * rows: the plan's PICKING date, its first DISPATCH date (the departure from the origin), its legs as `route`, the
 * window's hours (`deliveryWindowStart`, `deliveryWindowEnd`), and what the lane model gave the selection
 * (docs/learning.md: `bufferDays`, 0 when absent; `probability` and `modelVersion`, NULL when absent). A promise
 * rewritten by a move keeps its reservation's instants and is marked stale (its outcome computed again from its
 * events); a new one is stale when events already wait for it. Promises of selections beyond the new ones are
 * released; orphan events of the selections are adopted. Its own statements say they count what they write
 * (`delivery_accuracy_days_counting`); what its caller said before is restored at the end, so it speaks for no other
 * statement of the caller's transaction.
 */
export const deliveryPromisesPlanned: Definition = {
  name: 'delivery_promises_planned',
  sql: `
CREATE OR REPLACE FUNCTION delivery_promises_planned(
  identifier text, selections jsonb, reserved timestamptz, confirmed timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  removed delivery_promises[];
  added delivery_promises[];
  counting text := coalesce(current_setting('delivery.accuracy_counted', true), '');
BEGIN
  PERFORM delivery_accuracy_days_counting();
  -- locked first: what is uncounted is the row as it is when rewritten (an evaluation may have just changed it)
  SELECT array_agg(locked.p) INTO removed FROM (
    SELECT p FROM delivery_promises p
    WHERE p.reservation_identifier = identifier AND p.selection < jsonb_array_length(selections)
    ORDER BY p.selection FOR UPDATE
  ) AS locked;
  WITH written AS (
    INSERT INTO delivery_promises AS p (reservation_identifier, selection, origin, dispatch_mode, destination,
      route, delivery_window, delivery_window_start, delivery_window_end, promised_date, picking_date,
      departure_date, reserved_at, confirmed_at, stale, buffer_days, probability, model_version)
    SELECT identifier, s.position - 1, s.item ->> 'origin', s.item ->> 'dispatchMode',
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
      reserved, confirmed,
      EXISTS (SELECT FROM delivery_outcome_events o
              WHERE o.reservation_identifier = identifier AND o.selection = s.position - 1),
      coalesce((s.item ->> 'bufferDays')::int, 0), (s.item ->> 'probability')::real,
      (s.item ->> 'modelVersion')::bigint
    FROM jsonb_array_elements(selections) WITH ORDINALITY AS s(item, position)
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
  UPDATE delivery_promises SET released = true, stale = true
  WHERE reservation_identifier = identifier AND selection >= jsonb_array_length(selections);
  UPDATE delivery_outcome_events SET orphan = false
  WHERE reservation_identifier = identifier AND orphan AND selection < jsonb_array_length(selections);
  PERFORM set_config('delivery.accuracy_counted', counting, true);
END
$$;`,
};

import type { Definition } from './definition';

/**
 * `delivery_accuracy_days_add(removed, added)` (docs/accuracy.md, "Storage"): every statement that writes promises
 * hands it the rows it replaced and the rows it wrote. It counts them per key of `delivery_accuracy_days` (−1 removed,
 * +1 added), adds them in key order (concurrent writers lock day rows in the same order) and removes the rows its
 * additions left without promises. A release only marks promises (`released`, `stale`), which is no key: the
 * evaluation that follows counts it.
 */
export const deliveryAccuracyDaysAdd: Definition = {
  name: 'delivery_accuracy_days_add',
  sql: `
CREATE OR REPLACE FUNCTION delivery_accuracy_days_add(removed delivery_promises[], added delivery_promises[])
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
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum(sign) <> 0 OR sum(sign * failed_attempts) <> 0 OR sum(sign * ignored_events) <> 0
  ), counted AS (
    INSERT INTO delivery_accuracy_days AS d
    SELECT * FROM changed ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
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
$$;`,
};

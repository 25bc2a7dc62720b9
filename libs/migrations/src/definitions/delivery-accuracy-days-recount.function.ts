import type { Definition } from './definition';

/**
 * `delivery_accuracy_days_recount()`: counts the day rows again from `delivery_promises` and clears the uncounted
 * mark in the same transaction; the number of day rows. It locks `delivery_promises` against writers (SHARE ROW
 * EXCLUSIVE), so a write is either seen by it with its mark cleared, or comes after it and marks again. Called by
 * `delivery_accuracy_days_recount_uncounted` (every process's outcome sweep), and by hand after promises were
 * edited with SQL, if one does not want to wait for the sweep.
 */
export const deliveryAccuracyDaysRecount: Definition = {
  name: 'delivery_accuracy_days_recount',
  sql: `
CREATE OR REPLACE FUNCTION delivery_accuracy_days_recount() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  counted bigint;
BEGIN
  LOCK TABLE delivery_promises IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM delivery_accuracy_days_uncounted;
  TRUNCATE delivery_accuracy_days;
  INSERT INTO delivery_accuracy_days
  SELECT promised_date, coalesce(route, ''), origin, destination, dispatch_mode, coalesce(delivery_window, ''),
    state, delay_days, coalesce(slipped_step, ''), count(*), sum(failed_attempts), sum(ignored_events)
  FROM delivery_promises GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  GET DIAGNOSTICS counted = ROW_COUNT;
  RETURN counted;
END
$$;`,
};

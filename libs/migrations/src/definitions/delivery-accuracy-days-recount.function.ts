import type { Definition } from './definition';

/**
 * `delivery_accuracy_days_recount()`: counts the day rows again from `delivery_promises` (writers of promises wait
 * meanwhile); the number of day rows. Run by hand after a rollout whose previous version wrote promises without
 * counting them (docs/operations.md).
 */
export const deliveryAccuracyDaysRecount: Definition = {
  name: 'delivery_accuracy_days_recount',
  sql: `
CREATE OR REPLACE FUNCTION delivery_accuracy_days_recount() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  counted bigint;
BEGIN
  LOCK TABLE delivery_promises IN SHARE MODE;
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

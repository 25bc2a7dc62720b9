import type { Definition } from './definition';

/**
 * `delivery_accuracy_days_recount_uncounted(marked_before)`: the day rows recounted (`delivery_accuracy_days_recount`,
 * the number of rows) when a write marked them uncounted before `marked_before`, by one process at a time
 * (`pg_try_advisory_xact_lock`: the others get null, as when nothing is marked). Every process's outcome sweep calls
 * it, so the first sweep after the last uncounted write repairs the rows, whichever release wrote it.
 */
export const deliveryAccuracyDaysRecountUncounted: Definition = {
  name: 'delivery_accuracy_days_recount_uncounted',
  sql: `
CREATE OR REPLACE FUNCTION delivery_accuracy_days_recount_uncounted(marked_before timestamptz) RETURNS bigint
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM delivery_accuracy_days_uncounted WHERE since <= marked_before)
     OR NOT pg_try_advisory_xact_lock(hashtext('delivery_accuracy_days_recount')) THEN
    RETURN NULL;
  END IF;
  LOCK TABLE delivery_promises IN SHARE ROW EXCLUSIVE MODE;
  -- another process may have recounted between the look and the lock
  IF NOT EXISTS (SELECT FROM delivery_accuracy_days_uncounted) THEN
    RETURN NULL;
  END IF;
  RETURN delivery_accuracy_days_recount();
END
$$;`,
};

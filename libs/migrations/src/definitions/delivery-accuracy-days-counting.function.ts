import type { Definition } from './definition';

/**
 * `delivery_accuracy_days_counting()`: the calling transaction counts the promises it writes in their day rows, until
 * it ends (docs/accuracy.md, "Storage"), so its writes do not mark the day rows uncounted
 * (`delivery_promises_uncounted`). The evaluation's and the retention's statements call it, and
 * `delivery_promises_planned` for its own statements.
 */
export const deliveryAccuracyDaysCounting: Definition = {
  name: 'delivery_accuracy_days_counting',
  sql: `
CREATE OR REPLACE FUNCTION delivery_accuracy_days_counting() RETURNS void LANGUAGE sql AS $$
  SELECT set_config('delivery.accuracy_counted', 'on', true)
$$;`,
};

import type { Definition } from './definition';

/** The columns of `delivery_promises` a day row counts by or sums: writing one of them changes the day rows. */
const COUNTED = [
  'promised_date',
  'route',
  'origin',
  'destination',
  'dispatch_mode',
  'delivery_window',
  'state',
  'delay_days',
  'slipped_step',
  'failed_attempts',
  'ignored_events',
].join(', ');

/**
 * After each statement that writes a column a day row counts, in a transaction that did not say it counts what it
 * writes (`delivery_accuracy_days_counting`: a previous release's pod during a rolling upgrade, a promise written by
 * hand), the day rows are marked uncounted (`delivery_accuracy_days_uncounted`, one row, kept from the first such
 * write) in that transaction; every process's outcome sweep recounts them once the mark is a minute old
 * (`delivery_accuracy_days_recount_uncounted`, docs/accuracy.md, "Storage"). Statement-level and without transition
 * tables: it copies no row, so the service's own writes pay one settings lookup per statement.
 */
export const deliveryPromisesUncounted: Definition = {
  name: 'delivery_promises_uncounted',
  sql: `
CREATE OR REPLACE FUNCTION delivery_promises_uncounted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('delivery.accuracy_counted', true) IS DISTINCT FROM 'on' THEN
    INSERT INTO delivery_accuracy_days_uncounted (since) VALUES (now()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER delivery_promises_uncounted
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF ${COUNTED} ON delivery_promises
FOR EACH STATEMENT EXECUTE FUNCTION delivery_promises_uncounted();
COMMENT ON TRIGGER delivery_promises_uncounted ON delivery_promises IS
  'A trigger because a write of promises by any hand (a previous release''s pod during a rollout, SQL by hand) must '
  'be seen, and only the database sees them all: it marks the table''s own day rows uncounted, nothing else.';`,
};

import type { Definition } from './definition';

/** Why each of these is a trigger (its `COMMENT ON TRIGGER`). */
const WHY =
  "'A trigger because a removal by any hand (an operator, a usage import, a truncate) must send the usage readers " +
  "back to a full load: bookkeeping of the rows the readers keep, counted in capacity_usage_removals.'";

/**
 * `capacity_usage_removals.removals` goes up, in the same transaction, when what a usage reader holds disappears
 * without a reservation written: counters with units deleted, a HELD reservation deleted (but by the transaction
 * that wrote it: `capacity_reserve`'s own clean-up of a refused one), either table truncated. A reader then loads
 * again (docs/api.md, "GET {base}/capacity/usage").
 */
export const capacityUsageRemoved: Definition = {
  name: 'capacity_usage_removed',
  sql: `
CREATE OR REPLACE FUNCTION capacity_usage_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE capacity_usage_removals SET removals = removals + 1;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER capacity_counters_deleted AFTER DELETE ON capacity_counters
FOR EACH ROW WHEN (OLD.used > 0) EXECUTE FUNCTION capacity_usage_removed();
CREATE OR REPLACE TRIGGER capacity_reservations_deleted AFTER DELETE ON capacity_reservations
FOR EACH ROW WHEN (OLD.status = 'HELD' AND OLD.written_by IS DISTINCT FROM pg_current_xact_id())
EXECUTE FUNCTION capacity_usage_removed();
CREATE OR REPLACE TRIGGER capacity_counters_truncated AFTER TRUNCATE ON capacity_counters
FOR EACH STATEMENT EXECUTE FUNCTION capacity_usage_removed();
CREATE OR REPLACE TRIGGER capacity_reservations_truncated AFTER TRUNCATE ON capacity_reservations
FOR EACH STATEMENT EXECUTE FUNCTION capacity_usage_removed();
COMMENT ON TRIGGER capacity_counters_deleted ON capacity_counters IS
  ${WHY};
COMMENT ON TRIGGER capacity_reservations_deleted ON capacity_reservations IS
  ${WHY};
COMMENT ON TRIGGER capacity_counters_truncated ON capacity_counters IS
  ${WHY};
COMMENT ON TRIGGER capacity_reservations_truncated ON capacity_reservations IS
  ${WHY};`,
};

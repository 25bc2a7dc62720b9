import type { Definition } from './definition';

/**
 * `capacity_reservations.written_by` and `created_by` (docs/api.md, "GET {base}/capacity/usage"): the transaction that
 * last wrote the reservation, and the one that inserted it (`pg_current_xact_id()`). A usage reader remembers the
 * oldest transaction still running when it last read and reads again the reservations written since.
 */
export const capacityReservationsWritten: Definition = {
  name: 'capacity_reservations_written',
  sql: `
CREATE OR REPLACE FUNCTION capacity_reservations_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.written_by := pg_current_xact_id();
  IF TG_OP = 'INSERT' THEN
    NEW.created_by := NEW.written_by;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER capacity_reservations_written BEFORE INSERT OR UPDATE ON capacity_reservations
FOR EACH ROW EXECUTE FUNCTION capacity_reservations_written();
COMMENT ON TRIGGER capacity_reservations_written ON capacity_reservations IS
  'A trigger because every writer of a reservation row (hold, confirmation, release, expiry, move, any hand) must '
  'stamp the transaction that wrote it, or a usage reader misses the change: the row''s own bookkeeping.';`,
};

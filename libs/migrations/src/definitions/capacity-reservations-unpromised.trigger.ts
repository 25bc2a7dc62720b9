import type { Definition } from './definition';

/**
 * After each statement that changes reservations' status or selections, in a transaction that did not say it writes
 * their promises (`capacity_reservations_promising`: a previous release's replica during a rolling upgrade, a row
 * written by hand), the confirmed ones it wrote (`confirmed_at` set: confirmed, moved or released after a
 * confirmation) are marked unpromised in `capacity_reservations_unpromised`, in that transaction. Every replica's
 * reservation sweep takes the marks and writes those reservations' promises from their row as it is, through the
 * promises port (docs/operations.md, "Rolling upgrades"). Holds and their expiry have no promises: nothing is marked.
 */
export const capacityReservationsUnpromised: Definition = {
  name: 'capacity_reservations_unpromised',
  sql: `
CREATE OR REPLACE FUNCTION capacity_reservations_unpromised() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('capacity.reservations_promising', true) IS DISTINCT FROM 'on' THEN
    INSERT INTO capacity_reservations_unpromised (identifier)
    SELECT identifier FROM written WHERE confirmed_at IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER capacity_reservations_unpromised
AFTER UPDATE ON capacity_reservations REFERENCING NEW TABLE AS written
FOR EACH STATEMENT EXECUTE FUNCTION capacity_reservations_unpromised();
COMMENT ON TRIGGER capacity_reservations_unpromised ON capacity_reservations IS
  'A trigger because a confirmation, move or release by a writer that does not write promises (a previous release''s '
  'replica during a rollout, SQL by hand) must be seen, and only the database sees them all: it marks the rows in '
  'the table''s own bookkeeping, and the reservation sweep writes their promises through the port.';`,
};

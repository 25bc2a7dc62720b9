import type { Definition } from './definition';

/**
 * A reservation's promises made when it goes HELD → CONFIRMED, and marked released when a CONFIRMED one is
 * released.
 */
export const deliveryPromisesConfirmed: Definition = {
  name: 'delivery_promises_confirmed',
  sql: `
CREATE OR REPLACE FUNCTION delivery_promises_confirmed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'CONFIRMED' THEN
    PERFORM delivery_promises_planned(NEW.identifier, NEW.selections, NEW.created_at, NEW.confirmed_at);
  ELSIF NEW.status = 'RELEASED' AND OLD.status = 'CONFIRMED' THEN
    UPDATE delivery_promises SET released = true, stale = true
    WHERE reservation_identifier = NEW.identifier;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER capacity_reservations_promised AFTER UPDATE OF status ON capacity_reservations
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION delivery_promises_confirmed();`,
};

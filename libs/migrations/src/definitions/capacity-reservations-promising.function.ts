import type { Definition } from './definition';

/**
 * `capacity_reservations_promising()`: the calling transaction writes the delivery promises of the reservations it
 * confirms, moves or releases, until it ends (`ReservationTransactions`, through the promises port), so its writes
 * are not marked unpromised (`capacity_reservations_unpromised`). A previous release, whose promises were written by
 * a trigger this release dropped, never says so.
 */
export const capacityReservationsPromising: Definition = {
  name: 'capacity_reservations_promising',
  sql: `
CREATE OR REPLACE FUNCTION capacity_reservations_promising() RETURNS void LANGUAGE sql AS $$
  SELECT set_config('capacity.reservations_promising', 'on', true)
$$;`,
};

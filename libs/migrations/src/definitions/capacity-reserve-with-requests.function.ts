import type { Definition } from './definition';

/**
 * `capacity_reserve_with_requests(reservations)`: `capacity_reserve` itself, under the name replicas of the release
 * before 1795390000000 call while a rolling upgrade runs. Defined after `capacity_reserve`, whose existence a SQL
 * function's body is checked against.
 */
export const capacityReserveWithRequests: Definition = {
  name: 'capacity_reserve_with_requests',
  sql: `
CREATE OR REPLACE FUNCTION capacity_reserve_with_requests(reservations jsonb)
RETURNS TABLE (slot integer, outcome text, full_counters jsonb)
LANGUAGE sql AS $$ SELECT * FROM capacity_reserve(reservations) $$;`,
};

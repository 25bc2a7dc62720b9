import type { Definition } from './definition';

/**
 * `delivery_promises_planned(identifier, selections, reserved at, confirmed at)` (docs/accuracy.md): one
 * reservation's promises, written as `delivery_promises_planned_batch` writes a batch's (a batch of one). Kept for
 * the replicas of the previous release while a rolling upgrade runs, and for statements that write the promises of
 * reservations row by row.
 */
export const deliveryPromisesPlanned: Definition = {
  name: 'delivery_promises_planned',
  sql: `
CREATE OR REPLACE FUNCTION delivery_promises_planned(
  identifier text, selections jsonb, reserved timestamptz, confirmed timestamptz
) RETURNS void LANGUAGE sql AS $$
  SELECT delivery_promises_planned_batch(jsonb_build_array(jsonb_build_object(
    'identifier', identifier, 'selections', selections, 'createdAt', reserved, 'confirmedAt', confirmed)))
$$;`,
};

/**
 * R2.5's holding rule (capacity-domain `isHolding`) as a condition on `capacity_reservations`, for the statements that
 * select the reservations holding at an instant: CONFIRMED, or HELD with the expiry after it. `capacity_move`
 * (a function of the schema) states the same comparison in PL/pgSQL, where no TypeScript reaches;
 * `holding.int-spec.ts` pins both to `isHolding` on the instants around an expiry.
 */
export function holdingAt(instant: string, alias?: string): string {
  const column = (name: string) => (alias === undefined ? name : `${alias}.${name}`);
  return `(${column('status')} = 'CONFIRMED' OR (${column('status')} = 'HELD' AND ${column('hold_expires_at')} > ${instant}))`;
}

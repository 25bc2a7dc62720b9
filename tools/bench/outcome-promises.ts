import { Client } from 'pg';
import { formatDate, parseDate } from '@delivery/capacity-domain';

/**
 * Promises for the outcome benchmarks, written by one statement of `generate_series` (confirmed reservations are not
 * needed to measure what reads and writes `delivery_promises`): `count` promises on `routes` routes, promised over the
 * `days` days up to `last`, planned picking 2 days and departure 1 day before; when `delivered`, each delivered with a
 * delay of −1 to +2 days (mostly 0) and its outcome stored as the service would have stored it. The day rows
 * (`delivery_accuracy_days`) are counted from them once (`delivery_accuracy_days_recount()`): the promises are written
 * here without the statements that count them as they write.
 */
export async function insertPromises(
  url: string,
  options: { count: number; routes: number; days: number; last: string; delivered: boolean },
): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO delivery_promises (reservation_identifier, selection, origin, dispatch_mode, destination, route,
         promised_date, picking_date, departure_date, reserved_at, confirmed_at, state, delivered_date, delay_days,
         slipped_step)
       SELECT 'B-' || i, 0, 'O' || (i % 40), 'HOME_DELIVERY', 'Z' || (i % 200), 'R' || (i % $2), p, p - 2, p - 1,
         (p - 3)::timestamptz, (p - 3)::timestamptz,
         CASE WHEN $5 THEN 'DELIVERED' ELSE 'OPEN' END,
         CASE WHEN $5 THEN p + d END, CASE WHEN $5 THEN d END,
         CASE WHEN $5 AND d > 0 THEN (ARRAY['DEPARTURE', 'TRANSIT', 'DELIVERY_ATTEMPT'])[1 + i % 3] END
       FROM generate_series(1, $1) AS i,
         LATERAL (SELECT $4::date - (i % $3) AS p, (ARRAY[-1, 0, 0, 0, 0, 0, 0, 1, 1, 2])[1 + (i * 7) % 10] AS d) AS x`,
      [options.count, options.routes, options.days, options.last, options.delivered],
    );
    await client.query('SELECT delivery_accuracy_days_recount()');
    await client.query('ANALYZE delivery_promises');
    await client.query('ANALYZE delivery_accuracy_days');
  } finally {
    await client.end();
  }
}

/**
 * Four events per promise (PICKED, DISPATCHED, DELIVERY_FAILED or a second PICKED, DELIVERED), the last always
 * DELIVERED: once all are stored and evaluated, every promise is DELIVERED.
 */
export function outcomeEventsFor(promises: readonly { id: string; promised: string }[]) {
  return promises.flatMap(({ id, promised }, i) => {
    const day = parseDate(promised) as number;
    const at = (offset: number, hour: number) => `${formatDate(day + offset)}T${hour}:00:00-05:00`;
    const event = (type: string, occurredAt: string, reason?: string) => ({
      reservationIdentifier: id,
      selection: 0,
      type,
      occurredAt,
      ...(reason ? { reason } : {}),
    });
    return [
      event('PICKED', at(-2, 10)),
      event('DISPATCHED', at(-1, 10)),
      i % 10 === 0 ? event('DELIVERY_FAILED', at(0, 12), 'nobody home') : event('PICKED', at(-2, 11)),
      event('DELIVERED', at(i % 10 === 0 ? 1 : 0, 15)),
    ];
  });
}

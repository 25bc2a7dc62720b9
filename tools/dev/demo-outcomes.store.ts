import { Database } from '@delivery/persistence';
import type { DemoEvent, DemoPromise } from './demo-outcomes';

const CHUNK = 1000;

/**
 * The demo's orders as confirmed reservations, as the checkout would have made them (HELD at the instant the order
 * was placed, with its request and the engine's plan, then CONFIRMED five minutes later, so the confirmation makes
 * their promises), straight into the database at `url`. They take no capacity (`taken` is empty): past days'
 * counters are of no use to the demo. Reservations that exist are left alone.
 */
export async function writeDemoReservations(url: string, promises: readonly DemoPromise[]): Promise<void> {
  const database = new Database({ url, poolSize: 1, applicationName: 'demo-outcomes' });
  try {
    await database.query(
      `INSERT INTO capacity_reservations (identifier, body_hash, status, created_at, hold_expires_at, selections, taken,
         request)
       SELECT p.identifier, 'demo', 'HELD', p."createdAt", p."createdAt" + interval '15 minutes',
         jsonb_build_array(p.selection), '[]', p.request
       FROM jsonb_to_recordset($1::jsonb) AS p(identifier text, "createdAt" timestamptz, selection jsonb, request jsonb)
       ON CONFLICT (identifier) DO NOTHING`,
      [JSON.stringify(promises)],
    );
    await database.query(
      `WITH confirmed AS (
         UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL,
           confirmed_at = created_at + interval '5 minutes'
         WHERE identifier LIKE 'DEMO-%' AND status = 'HELD'
         RETURNING identifier, selections, created_at, confirmed_at, capacity_reservations_promising()
       )
       -- the promises each confirmation makes (the confirmation's promises port), as the statement says it does
       -- (capacity_reservations_promising: the reservations are not marked unpromised)
       SELECT count(delivery_promises_planned(identifier, selections, created_at, confirmed_at)) FROM confirmed`,
    );
  } finally {
    await database.close();
  }
}

export interface SentEvents {
  received: number;
  stored: number;
  duplicates: number;
  orphans: number;
}

/**
 * The demo's events through capacity-service's `POST {base}/delivery/outcomes`, 1,000 per request, counted, with
 * `headers` besides the token (the simulated clock's `X-Simulated-Now`). A failure names the URL it called.
 */
export async function sendDemoEvents(
  base: string,
  token: string,
  events: readonly DemoEvent[],
  headers: Record<string, string> = {},
): Promise<SentEvents> {
  const totals: SentEvents = { received: 0, stored: 0, duplicates: 0, orphans: 0 };
  for (let start = 0; start < events.length; start += CHUNK) {
    const url = `${base}/delivery/outcomes`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: events.slice(start, start + CHUNK) }),
    }).catch((error: unknown) => {
      const cause =
        error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new Error(`POST ${url} failed: ${cause} (is capacity-service running there? npm start)`, {
        cause: error,
      });
    });
    if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
    const answer = (await response.json()) as SentEvents;
    for (const key of Object.keys(totals) as (keyof SentEvents)[]) totals[key] += answer[key];
  }
  return totals;
}

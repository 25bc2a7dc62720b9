import { businessDate } from '@delivery/capacity-domain';
import { Database } from '@delivery/persistence';
import { issueToken } from '../auth/token.cli';
import { demoOutcomes } from './demo-outcomes';
import { findDevDatabase } from './dev-database';

const CHUNK = 1000;

/**
 * `npm run demo:outcomes`: writes four weeks of confirmed demo reservations (as the checkout would have made them:
 * HELD, then CONFIRMED, so the confirmation makes their promises) straight into the dev database, then sends what
 * happened to them through capacity-service's `POST {base}/delivery/outcomes`, 1,000 events per request. Running it
 * again changes nothing (the reservations exist, the events are duplicates).
 */
async function main(): Promise<void> {
  const url = await findDevDatabase();
  if (!url) throw new Error('no database answers; start the system (npm start) or set DATABASE_URL');
  const base = process.env.CAPACITY_URL ?? 'http://localhost:3000/capacity/v1';
  const timezone = process.env.TZ_BUSINESS || 'America/Lima';
  const token = await issueToken(
    { scopes: ['outcomes:write'], subject: 'demo', expiresInSeconds: 600 },
    process.env,
  );

  const { promises, events } = demoOutcomes(businessDate(timezone, new Date()));
  const database = new Database({ url, poolSize: 1, applicationName: 'demo-outcomes' });
  try {
    await database.query(
      `INSERT INTO capacity_reservations (identifier, body_hash, status, created_at, hold_expires_at, selections, taken)
       SELECT p.identifier, 'demo', 'HELD', p."createdAt", p."createdAt" + interval '15 minutes', jsonb_build_array(p.selection), '[]'
       FROM jsonb_to_recordset($1::jsonb) AS p(identifier text, "createdAt" timestamptz, selection jsonb)
       ON CONFLICT (identifier) DO NOTHING`,
      [JSON.stringify(promises)],
    );
    await database.query(
      `UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = created_at + interval '5 minutes'
       WHERE identifier LIKE 'DEMO-%' AND status = 'HELD'`,
    );
  } finally {
    await database.close();
  }
  const totals = { received: 0, stored: 0, duplicates: 0, orphans: 0 };
  for (let start = 0; start < events.length; start += CHUNK) {
    const response = await fetch(`${base}/delivery/outcomes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: events.slice(start, start + CHUNK) }),
    });
    if (!response.ok)
      throw new Error(`POST /delivery/outcomes answered ${response.status}: ${await response.text()}`);
    const answer = (await response.json()) as typeof totals;
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += answer[key];
  }
  console.log(
    `${promises.length} demo promises; ${totals.received} outcome events sent: ${totals.stored} stored, ` +
      `${totals.duplicates} already there.\nSee them: curl -s "${base}/delivery/accuracy?groupBy=route" -H "Authorization: Bearer <an outcomes:read token>"`,
  );
}

main().catch((error: unknown) => {
  console.error(`demo:outcomes: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

import { businessDate } from '@delivery/capacity-domain';
import { parseInstant } from '@delivery/contracts';
import { issueToken } from '../auth/token.cli';
import { demoOutcomes } from './demo-outcomes';
import { sendDemoEvents, writeDemoReservations } from './demo-outcomes.store';
import { findDevDatabase } from './dev-database';

/**
 * `npm run demo:outcomes`: writes four weeks of confirmed demo reservations (each with its order's request and the
 * engine's promise for it) straight into the dev database, then sends what happened to them through
 * capacity-service's `POST {base}/delivery/outcomes`. Running it again changes nothing (the reservations exist, the
 * events are duplicates).
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

  const now = new Date();
  const { promises, events } = demoOutcomes(businessDate(timezone, now));
  await writeDemoReservations(url, promises);
  // the service refuses an event dated after now: run before 11:00 in Lima, today's later events are not sent yet
  const happened = events.filter((event) => (parseInstant(event.occurredAt) as number) <= now.getTime());
  const totals = await sendDemoEvents(base, token, happened);
  console.log(
    `${promises.length} demo promises; ${totals.received} outcome events sent: ${totals.stored} stored, ` +
      `${totals.duplicates} already there.\nSee them: curl -s "${base}/delivery/accuracy?groupBy=route" -H "Authorization: Bearer <an outcomes:read token>"`,
  );
}

main().catch((error: unknown) => {
  console.error(`demo:outcomes: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

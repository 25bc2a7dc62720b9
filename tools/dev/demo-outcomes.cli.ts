import { businessDate, parseDate } from '@delivery/capacity-domain';
import { parseInstant } from '@delivery/contracts';
import { issueToken } from '../auth/token.cli';
import { demoOutcomes } from './demo-outcomes';
import { sendDemoEvents, writeDemoReservations } from './demo-outcomes.store';
import { findDevDatabase, shownDatabase } from './dev-database';

const USAGE = 'usage: npm run demo:outcomes [-- --today YYYY-MM-DD]';

/**
 * The day the demo's four weeks end on: today in the business time zone, or `--today`, a day not after it (the
 * figures of docs/accuracy.md are those of `--today 2026-11-26`).
 */
export function demoToday(argv: readonly string[], today: string): string {
  let chosen = today;
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag !== '--today') throw new Error(`unknown option ${flag}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || parseDate(value) === null)
      throw new Error(`--today must be a date YYYY-MM-DD (got "${value ?? ''}")\n${USAGE}`);
    if (value > today) throw new Error(`--today must not be after today (${today})`);
    chosen = value;
  }
  return chosen;
}

/** capacity-service as `npm start` serves it: `CAPACITY_PORT` (3000) and `CAPACITY_BASE_PATH` (/capacity/v1). */
export function capacityBase(env: Record<string, string | undefined>): string {
  return `http://localhost:${env.CAPACITY_PORT || '3000'}${env.CAPACITY_BASE_PATH || '/capacity/v1'}`;
}

/**
 * `npm run demo:outcomes`: writes four weeks of confirmed demo reservations (each with its order's request and the
 * engine's promise for it) straight into the dev database, then sends what happened to them through
 * capacity-service's `POST {base}/delivery/outcomes` (the base of `npm start`, from the same variables). Running it
 * again changes nothing (the reservations exist, the events are duplicates).
 */
async function main(): Promise<void> {
  const timezone = process.env.TZ_BUSINESS || 'America/Lima';
  const today = demoToday(process.argv.slice(2), businessDate(timezone, new Date()));
  const url = await findDevDatabase();
  if (!url) throw new Error('no database answers; start the system (npm start) or set DATABASE_URL');
  const base = capacityBase(process.env);
  const token = await issueToken(
    { scopes: ['outcomes:write'], subject: 'demo', expiresInSeconds: 600 },
    process.env,
  );

  const { promises, events } = demoOutcomes(today);
  await writeDemoReservations(url, promises).catch((error: unknown) => {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)} (database ${shownDatabase(url)})`,
      { cause: error },
    );
  });
  // the service refuses an event dated after now: run before 11:00 in Lima, today's later events are not sent yet
  const now = Date.now();
  const happened = events.filter((event) => (parseInstant(event.occurredAt) as number) <= now);
  const totals = await sendDemoEvents(base, token, happened);
  console.log(
    `${promises.length} demo promises; ${totals.received} outcome events sent: ${totals.stored} stored, ` +
      `${totals.duplicates} already there.\nSee them: curl -s "${base}/delivery/accuracy?groupBy=route" -H "Authorization: Bearer <an outcomes:read token>"`,
  );
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(`demo:outcomes: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });

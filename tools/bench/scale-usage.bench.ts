/**
 * S1-usage: `GET {base}/capacity/usage` on the national network (16,160 routes; `BENCH_USAGE_ROUTES` for a smaller
 * generated one): every counter for 7 days (the default range), its first page (`BENCH_USAGE_PAGE_SIZE`, default
 * 100), with one DISPATCH and WINDOW counter in ten (`BENCH_USAGE_USED_EVERY`) used on every day and 2,000 holds
 * still HELD (`BENCH_USAGE_HELD`), sent one after another with nothing else running. Before each timed request,
 * another connection adds a unit to 1,000 stored counter-days (`BENCH_USAGE_WRITES`) as holds taken on another
 * replica would, and confirms the holds of the round before, so each answer has that many counters, holds starting
 * and holds ending to take in; the same requests with nothing written between them, and the first request after
 * start-up (which loads the week), are reported beside. With `BENCH_COMPARE_DIST=<another build's dist/>`, that
 * build's service is measured first, the same way, on the same schema. Baseline in the same run:
 * the 100-item calculation of the same world, sent the same way. Event-loop stalls show as the service's longest
 * event-loop delay over those requests (`nodejs_eventloop_lag_max_seconds`, reset by a scrape before them), and as
 * the worst latency of small calculations sent back to back while more usage requests run (their times are reported
 * too), against the same calculations with nothing else running.
 */
import { Client } from 'pg';
import { type BenchResult, type BenchScenario, measureEachBuild, verdict } from './bench-scenario';
import { freshBenchDatabase, scrape } from './bench-services';
import { round } from './load';
import {
  BASE,
  calculationClient,
  loadAverage,
  median,
  nationalWorld,
  putConfiguration,
  Service,
  startService,
  timed,
  worldOf,
} from './scale-world';

const USAGE_REQUESTS = 20;
const PAGE_SIZE = Number(process.env.BENCH_USAGE_PAGE_SIZE ?? 100);
const CALCULATIONS = 50;
/** Reservations still HELD (`BENCH_USAGE_HELD`). */
const HELD = Number(process.env.BENCH_USAGE_HELD ?? 2000);
/** One DISPATCH and WINDOW counter in this many has units on each day (`BENCH_USAGE_USED_EVERY`; 1: all of them). */
const USED_EVERY = Number(process.env.BENCH_USAGE_USED_EVERY ?? 10);
/** Counter-days written between two timed usage requests (`BENCH_USAGE_WRITES`). */
const WRITES = Number(process.env.BENCH_USAGE_WRITES ?? 1000);

/**
 * Adds a unit to about `count` of the stored counter-days, as holds taken on another replica would: in one
 * transaction, a HELD reservation naming each counter-day and the counter-day's increment; and the holds of the
 * round before are confirmed (they stop holding).
 */
async function writeSome(client: Client, count: number, round: number): Promise<number> {
  const { rows } = await client.query<{ share: number }>(
    `SELECT least(100, 100.0 * $1 / greatest(count(*), 1))::float8 AS share FROM capacity_counters`,
    [count],
  );
  const written = await client.query(
    `WITH picked AS (
       SELECT scope, ref, date FROM capacity_counters TABLESAMPLE BERNOULLI ($1)
     ), held AS (
       INSERT INTO capacity_reservations (identifier, body_hash, status, created_at, hold_expires_at, selections, taken)
       SELECT 'bench-write-' || $2::int || '-' || row_number() OVER (), '-', 'HELD', now(), now() + interval '8 hours', '[]',
              jsonb_build_array(jsonb_build_object('scope', scope, 'ref', ref, 'date', date, 'units', 1))
       FROM picked
     ), confirmed AS (
       UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = now()
       WHERE identifier LIKE 'bench-write-' || ($2::int - 1) || '-%' AND status = 'HELD'
     )
     UPDATE capacity_counters c SET used = c.used + 1
     FROM picked p WHERE c.scope = p.scope AND c.ref = p.ref AND c.date = p.date`,
    [rows[0].share, round],
  );
  return written.rowCount ?? 0;
}

/** One DISPATCH and WINDOW counter in USED_EVERY used on each of the next 7 days, and HELD reservations on some. */
async function fillCounters(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const today = `(now() AT TIME ZONE 'America/Lima')::date`;
    const days = `generate_series(${today}, ${today} + 6, interval '1 day') AS d(day)`;
    const used = await client.query(`
      INSERT INTO capacity_counters (scope, ref, date, used)
      SELECT 'DISPATCH', code, day, abs(hashtext(code || day::text)) % (dispatch_capacity::bigint + 1)
      FROM capacity_routes, ${days}
      WHERE dispatch_capacity IS NOT NULL AND position % ${USED_EVERY} = 0
      UNION ALL
      SELECT 'WINDOW', route_code || ':' || code, day, abs(hashtext(route_code || code || day::text)) % (capacity::bigint + 1)
      FROM capacity_route_windows, ${days}
      WHERE capacity IS NOT NULL AND abs(hashtext(route_code || code)) % ${USED_EVERY} = 0
      ON CONFLICT DO NOTHING`);
    await client.query(
      `INSERT INTO capacity_reservations (identifier, body_hash, status, created_at, hold_expires_at, selections, taken)
       SELECT 'bench-' || n, '-', 'HELD', now(), now() + interval '8 hours', '[]',
              jsonb_build_array(jsonb_build_object('scope', 'DISPATCH', 'ref', r.code,
                'date', ${today} + n % 7, 'units', 1, 'capacity', r.dispatch_capacity))
       FROM generate_series(1, $1) AS n
       JOIN capacity_routes r ON r.position = n * 7 % (SELECT count(*) FROM capacity_routes)`,
      [HELD],
    );
    return used.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

async function sequential(count: number, send: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push((await timed(send)).ms);
  return times;
}

async function expectOk(response: Response, what: string): Promise<string> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 500)}`);
  return text;
}

/** The scenario on the service of one build (`main`: another build's entry point; undefined: this one). */
async function measure(main: string | undefined): Promise<BenchResult> {
  const routes = Number(process.env.BENCH_USAGE_ROUTES ?? 0);
  const world = routes > 0 ? worldOf(routes) : nationalWorld();
  const service: Service = await startService(await freshBenchDatabase('delivery_bench_usage'), {}, main);
  const calculations = await calculationClient(
    service,
    JSON.stringify(world.network.requests.explicitOrigins),
  );
  const rows: BenchResult['rows'] = [];
  try {
    await putConfiguration(service, world.text);
    const filled = await fillCounters(service.databaseUrl);
    const usageUrl = `${service.app.url}${BASE}/capacity/usage?pageSize=${PAGE_SIZE}`;
    const readHeaders = await service.headers('configuration:read');
    const usage = async () => {
      await expectOk(await fetch(usageUrl, { headers: readHeaders }), 'usage');
    };
    const cold = await timed(() =>
      fetch(usageUrl, { headers: readHeaders }).then((r) => expectOk(r, 'usage')),
    );
    const first = JSON.parse(cold.value) as { total: number; items: unknown[] };
    const calculate = await service.headers('capacity:calculate');
    const hundred = JSON.stringify(world.network.requests.hundredItems);
    const calculation = async () => {
      await expectOk(
        await fetch(`${service.app.url}${BASE}/delivery/capacity`, {
          method: 'POST',
          headers: calculate,
          body: hundred,
        }),
        'calculation',
      );
    };
    await sequential(10, calculation); // warm-up
    await sequential(3, usage);
    const lag = 'nodejs_eventloop_lag_max_seconds';
    await scrape(service.app, lag); // resets the max
    const calcTimes = await sequential(CALCULATIONS, calculation);
    const calcStallMs = (await scrape(service.app, lag)) * 1000;
    const writer = new Client({ connectionString: service.databaseUrl });
    await writer.connect();
    const usageTimes: number[] = [];
    let written = 0;
    try {
      for (let i = 0; i < USAGE_REQUESTS; i++) {
        written += await writeSome(writer, WRITES, i);
        usageTimes.push((await timed(usage)).ms);
      }
    } finally {
      await writer.end();
    }
    const stallMs = (await scrape(service.app, lag)) * 1000;
    const quietTimes = await sequential(USAGE_REQUESTS, usage);
    const during = await calculations.during(() => sequential(USAGE_REQUESTS, usage));
    const idle = await calculations.idle(during.value.reduce((sum, t) => sum + t, 0));
    const usageMs = median(usageTimes);
    const calcMs = median(calcTimes);
    rows.push({
      subject:
        `GET /capacity/usage?pageSize=${PAGE_SIZE}, ${world.routes} routes, ${first.total} counter-days ` +
        `(${filled} counters used, ${HELD} holds), ${USAGE_REQUESTS} one after another, each after ` +
        `${round(written / USAGE_REQUESTS, 0)} counter-days taken by new holds on another connection, the holds before confirmed (load avg ${loadAverage()})`,
      figures: [
        { metric: 'median', value: round(usageMs, 1), unit: 'ms' },
        { metric: 'max', value: round(Math.max(...usageTimes), 1), unit: 'ms' },
        { metric: 'longest event-loop delay', value: round(stallMs, 1), unit: 'ms' },
      ],
    });
    rows.push({
      subject: `the same, ${USAGE_REQUESTS} more with nothing written between them`,
      figures: [
        { metric: 'median', value: round(median(quietTimes), 1), unit: 'ms' },
        { metric: 'max', value: round(Math.max(...quietTimes), 1), unit: 'ms' },
      ],
    });
    rows.push({
      subject: 'the first request after start-up (loads the week)',
      figures: [{ metric: 'time', value: round(cold.ms, 1), unit: 'ms' }],
    });
    rows.push({
      subject: `the same, ${USAGE_REQUESTS} more while small calculations are sent back to back`,
      figures: [
        { metric: 'median', value: round(median(during.value), 1), unit: 'ms' },
        { metric: 'max', value: round(Math.max(...during.value), 1), unit: 'ms' },
      ],
    });
    rows.push({
      subject: `baseline: POST /delivery/capacity, hundredItems, ${CALCULATIONS} one after another (load avg ${loadAverage()})`,
      figures: [
        { metric: 'median', value: round(calcMs, 2), unit: 'ms' },
        { metric: 'max', value: round(Math.max(...calcTimes), 1), unit: 'ms' },
        { metric: 'longest event-loop delay', value: round(calcStallMs, 1), unit: 'ms' },
      ],
    });
    rows.push({
      subject: 'small calculations back to back while the usage requests run',
      figures: [{ metric: `worst of ${during.latency.count}`, value: during.latency.max, unit: 'ms' }],
    });
    rows.push({
      subject: 'baseline: the same calculations for as long, nothing else running',
      figures: [{ metric: `worst of ${idle.count}`, value: idle.max, unit: 'ms' }],
    });
    const ratio = round(usageMs / calcMs, 2);
    return {
      rows,
      summary: [
        `usage ${round(usageMs, 1)} ms = ${ratio} × a 100-item calculation (target ≤ 10): ${verdict(ratio <= 10)}`,
        `longest event-loop delay while it runs ${round(stallMs, 1)} ms, ${round(calcStallMs, 1)} ms over the calculations (nodejs_eventloop_lag_max_seconds)`,
        `worst small calculation while it runs ${during.latency.max} ms, ${idle.max} ms with nothing else running`,
      ],
    };
  } finally {
    calculations.close();
    await service.app.stop();
  }
}

const scenario: BenchScenario = {
  id: 'S1-usage',
  title: 'Capacity usage of every counter of the national network for 7 days',
  target:
    'GET /capacity/usage (every counter, 7 days) ≤ 10 × a 100-item calculation; no long event-loop stall while it runs',
  run: () => measureEachBuild(measure),
};

export default scenario;

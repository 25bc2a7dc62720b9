/**
 * Q1.4: capacity reservations through capacity-service running as its own process, against the raw conditional
 * `UPDATE` on the same table in the same run (pgbench-style: N clients, each a `pg` connection issuing the
 * statement back to back).
 *  - spread: each reservation is for one of 40 origins × 30 purchase dates, so it takes three counters
 *    (PICKING, DISPATCH, WINDOW) out of 3,600; the baseline updates one of 1,000 rows at random;
 *  - hot: every reservation takes the one limited counter of one route-date (its origin's picking is unlimited and
 *    the route has no windows); the baseline updates one row;
 *  - oversell: 64 clients reserve 3 units at a time on a counter of capacity 1,000 until it is full — the units
 *    answered 201 must equal the counter, and the counter must not exceed its capacity.
 * Every reservation recomputes its request (one read statement, shared by the calculations in flight) and is
 * written with the others of its turn of the event loop in one statement; the app runs with its default pool (10).
 */
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { bearer, mintToken } from '@delivery/auth/testing';
import { parseConfiguration } from '@delivery/capacity-domain';
import { standaloneConfiguration } from '@delivery/capacity-service';
import { Database } from '@delivery/persistence';
import { type BenchResult, type BenchScenario, verdict } from './bench-scenario';
import { freshBenchDatabase, startBenchCapacityService } from './bench-services';
import { sendRequest } from './http-request';
import { percentileOfSorted, round } from './load';

const SECONDS = 10;
const WARM_UP_SECONDS = 15;
const SPREAD_CONNECTIONS = 32;
const HOT_CONNECTIONS = 64;
const ORIGINS = 40;
const DAYS = 30;
const BASELINE_ROWS = 1000;
const OVERSELL_CAPACITY = 1000;
const OVERSELL_UNITS = 3;
const PLENTY = 1_000_000_000;
const ALL_DAYS = ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'];

/** Today in Lima plus `days`, as YYYY-MM-DD (computed once per day offset: the load generator shares the CPU). */
const limaDates = new Map<number, string>();
function limaDate(days: number): string {
  let text = limaDates.get(days);
  if (text === undefined) {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    limaDates.set(days, (text = date.toISOString().slice(0, 10)));
  }
  return text;
}

const origin = (i: number) => `O${String(i).padStart(2, '0')}`;

function benchDocument(): Record<string, unknown> {
  const node = (code: string, pickingCapacity: number | null) => ({
    code,
    type: 'CD',
    pickingDays: ALL_DAYS,
    processingDays: 0,
    pickingCapacity,
  });
  const route = (source: string, dispatchCapacity: number, windows: boolean) => ({
    code: `R-${source}`,
    source,
    targetZone: 'Z1',
    mode: 'HOME_DELIVERY',
    daysOfWeek: ALL_DAYS,
    leadTimeDays: 1,
    dispatchCapacity,
    deliveryWindows: windows ? [{ code: 'AM', start: '09:00', end: '13:00', capacity: PLENTY }] : [],
  });
  const origins = Array.from({ length: ORIGINS }, (_, i) => origin(i));
  return {
    settings: { timezone: 'America/Lima' },
    nodes: [...origins.map((code) => node(code, PLENTY)), node('HOT', null), node('FULL', null)],
    zones: [{ code: 'Z1', ubigeoCodes: ['150101'] }],
    routes: [
      ...origins.map((code) => route(code, PLENTY, true)),
      route('HOT', PLENTY, false),
      route('FULL', OVERSELL_CAPACITY, false),
    ],
    capacityOverrides: [],
  };
}

/** A reservation body for `units` of one item from `source` bought on day `day`, delivered the next day. */
function reservation(identifier: string, source: string, day: number, units = 1): string {
  const purchaseDate = limaDate(day);
  return JSON.stringify({
    identifier,
    request: {
      purchaseDate,
      saleChannel: 'WEB',
      deliveryData: { zone: 'Z1' },
      items: [{ skuCode: 'SKU-1', origin: source, quantity: units }],
    },
    selections: [
      { origin: source, dispatchMode: 'HOME_DELIVERY', destination: 'Z1', deliveryDate: limaDate(day + 1) },
    ],
  });
}

async function prepareDatabase(): Promise<string> {
  const url = await freshBenchDatabase('delivery_bench_q14');
  const document = benchDocument();
  const parsed = parseConfiguration(document, { timezone: 'America/Lima' });
  if (!parsed.ok) throw new Error(`bench configuration invalid: ${JSON.stringify(parsed.errors)}`);
  const database = new Database({ url, poolSize: 1, applicationName: 'bench' });
  try {
    const imported = await standaloneConfiguration(
      database,
      { timezone: 'America/Lima' },
      'benchmark',
    ).import(document);
    if (!imported.ok) throw new Error(`bench configuration not imported: ${JSON.stringify(imported)}`);
    // the baseline's rows, beside the app's: the same table, key and constraints
    await database.query(
      `INSERT INTO capacity_counters (scope, ref, date, used, capacity)
       SELECT 'DISPATCH', 'BASELINE-' || i, current_date, 0, $1 FROM generate_series(0, $2) AS i`,
      [PLENTY, BASELINE_ROWS],
    );
    await database.query('ANALYZE');
  } finally {
    await database.close();
  }
  return url;
}

interface Throughput {
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Map<number, number>;
}

/** autocannon (the load generator that costs the least CPU on the shared cores), a new body for every request. */
async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  nextBody: () => string,
): Promise<Throughput> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    connections,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, body: nextBody() }) }],
  });
  const statuses = new Map<number, number>();
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
    statuses.set(Number(status), stats.count ?? 0);
  if (result.errors + result.timeouts > 0) statuses.set(0, result.errors + result.timeouts);
  // only a 201 is a reservation made: any other answer is counted apart, never as throughput
  const perSecond = (statuses.get(201) ?? 0) / seconds;
  return { perSecond, p50: result.latency.p50, p99: result.latency.p99, statuses };
}

/** N clients, each sending the next body as soon as the previous answer arrived, for `seconds` (or `until`). */
async function closedLoop(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  nextBody: () => string,
  until: (status: number) => boolean = () => false,
): Promise<Throughput> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const post = (body: string) =>
    sendRequest(agent, target, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body,
    });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let stop = false;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!stop && performance.now() < deadline) {
        const sent = performance.now();
        const status = await post(nextBody());
        latencies.push(performance.now() - sent);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (until(status)) stop = true;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p50: percentileOfSorted(latencies, 50),
    p99: percentileOfSorted(latencies, 99),
    statuses,
  };
}

/** pgbench-style: `clients` connections each running the conditional update back to back for `seconds`. */
async function conditionalUpdates(url: string, clients: number, seconds: number, row: () => string) {
  const connections = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new Client({ connectionString: url, application_name: 'bench-baseline' });
      await client.connect();
      return client;
    }),
  );
  const statement = `UPDATE capacity_counters SET used = used + 1
    WHERE scope = 'DISPATCH' AND ref = $1 AND date = current_date AND used + 1 <= capacity`;
  let count = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    await Promise.all(
      connections.map(async (client) => {
        while (performance.now() < deadline) {
          const result = await client.query(statement, [row()]);
          count += result.rowCount ?? 0;
        }
      }),
    );
  } finally {
    await Promise.all(connections.map((client) => client.end()));
  }
  return count / ((performance.now() - started) / 1000);
}

async function counterOf(url: string, ref: string): Promise<{ used: number; capacity: number | null }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT coalesce(sum(used), 0)::int AS used, max(capacity)::int AS capacity FROM capacity_counters
       WHERE scope = 'DISPATCH' AND ref = $1`,
      [ref],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

const count = (t: Throughput, status: number) => t.statuses.get(status) ?? 0;
const others = (t: Throughput, expected: number[]) =>
  [...t.statuses].filter(([status]) => !expected.includes(status)).reduce((n, [, c]) => n + c, 0);

const scenario: BenchScenario = {
  id: 'Q1.4',
  title: 'Reservations: spread over many counters and on one hot counter, against the raw conditional UPDATE',
  target:
    '0 oversell with 64 concurrent clients on one counter; ≥ 1,000 reservations/s spread over many counters',
  async run(): Promise<BenchResult> {
    const loadAverage = os.loadavg()[0];
    const url = await prepareDatabase();
    const random = (n: number) => Math.floor(Math.random() * n);
    const rawSpread = await conditionalUpdates(
      url,
      SPREAD_CONNECTIONS,
      SECONDS,
      () => `BASELINE-${random(BASELINE_ROWS)}`,
    );
    const rawHotRow = await conditionalUpdates(url, HOT_CONNECTIONS, SECONDS, () => 'BASELINE-0');

    // the per-client limit lifted, as for Q1.3: the load is one client, and a 429 is not a reservation
    const app = await startBenchCapacityService(url, { RATE_LIMIT: '1000000' });
    try {
      const endpoint = `${app.url}/capacity/v1/delivery/capacity/reservations`;
      const headers = {
        Authorization: bearer(await mintToken({ scopes: ['capacity:reserve'], expiresIn: 3600 })),
      };
      let sequence = 0;
      const spreadBody = () => reservation(`s-${sequence++}`, origin(random(ORIGINS)), 1 + random(DAYS));
      const hotBody = () => reservation(`h-${sequence++}`, 'HOT', 1);
      const fullBody = () => reservation(`f-${sequence++}`, 'FULL', 1, OVERSELL_UNITS);

      const check = await closedLoop(endpoint, headers, 1, 5, spreadBody, () => true);
      if (count(check, 201) !== 1)
        throw new Error(`a reservation is not created: ${JSON.stringify([...check.statuses])}`);
      // warm-up: the first seconds run at a fraction of the steady rate (code not yet optimised, statements not
      // yet prepared on every connection, counter rows still being created)
      await load(endpoint, headers, SPREAD_CONNECTIONS, WARM_UP_SECONDS, spreadBody);
      const spread = await load(endpoint, headers, SPREAD_CONNECTIONS, SECONDS, spreadBody);
      await load(endpoint, headers, HOT_CONNECTIONS, 3, hotBody);
      const hot = await load(endpoint, headers, HOT_CONNECTIONS, SECONDS, hotBody);
      const hotCounter = await counterOf(url, 'R-HOT');

      // oversell: until the counter is full (the first 409), then everyone in flight finishes
      const full = await closedLoop(
        endpoint,
        headers,
        HOT_CONNECTIONS,
        60,
        fullBody,
        (status) => status === 409,
      );
      const fullCounter = await counterOf(url, 'R-FULL');
      const reservedUnits = count(full, 201) * OVERSELL_UNITS;
      const oversell =
        Math.max(0, fullCounter.used - OVERSELL_CAPACITY) + Math.abs(reservedUnits - fullCounter.used);

      const perSecond = (value: number) => ({
        metric: 'throughput',
        value: round(value),
        unit: 'reservations/s',
      });
      const latency = (t: Throughput) => [
        { metric: 'p50', value: round(t.p50, 1), unit: 'ms' },
        { metric: 'p99', value: round(t.p99, 1), unit: 'ms' },
      ];
      const hotShare = hot.perSecond / spread.perSecond;
      return {
        rows: [
          {
            subject: `reservations spread over ${ORIGINS * DAYS * 3} counters, ${SPREAD_CONNECTIONS} connections`,
            figures: [
              perSecond(spread.perSecond),
              ...latency(spread),
              { metric: 'non-201', value: others(spread, [201]), unit: '' },
            ],
          },
          {
            subject: `baseline: raw conditional UPDATE spread over ${BASELINE_ROWS} rows, ${SPREAD_CONNECTIONS} clients`,
            figures: [{ metric: 'throughput', value: round(rawSpread), unit: 'updates/s' }],
          },
          {
            subject: `reservations on one hot counter, ${HOT_CONNECTIONS} connections`,
            figures: [
              perSecond(hot.perSecond),
              ...latency(hot),
              { metric: 'non-201', value: others(hot, [201]), unit: '' },
              { metric: 'counter', value: hotCounter.used, unit: 'units' },
            ],
          },
          {
            subject: `baseline: raw conditional UPDATE on one row, ${HOT_CONNECTIONS} clients`,
            figures: [{ metric: 'throughput', value: round(rawHotRow), unit: 'updates/s' }],
          },
          {
            subject: `oversell: ${HOT_CONNECTIONS} connections, ${OVERSELL_UNITS} units each, counter of capacity ${OVERSELL_CAPACITY}`,
            figures: [
              { metric: '201', value: count(full, 201), unit: '' },
              { metric: '409', value: count(full, 409), unit: '' },
              { metric: 'other', value: others(full, [201, 409]), unit: '' },
              { metric: 'units answered 201', value: reservedUnits, unit: '' },
              { metric: 'counter', value: fullCounter.used, unit: '' },
              { metric: 'oversell', value: oversell, unit: 'units' },
            ],
          },
        ],
        summary: [
          `spread: ${round(spread.perSecond)} reservations/s, ${others(spread, [201])} other answers ` +
            `(target ≥ 1,000, all 201): ${verdict(spread.perSecond >= 1000 && others(spread, [201]) === 0)}; ` +
            `the raw conditional UPDATE ${round(rawSpread)}/s, ratio ${round(spread.perSecond / rawSpread, 2)} ` +
            '(a reservation also goes through HTTP, authentication and validation, recomputes its request and writes ' +
            'three counters and its own row)',
          `hot counter: ${round(hot.perSecond)} reservations/s, ${round(hotShare, 2)} of the spread rate; the raw ` +
            `UPDATE on one row ${round(rawHotRow)}/s, ${round(rawHotRow / rawSpread, 2)} of its spread rate; ` +
            `reservations on the hot counter run at ${round(hot.perSecond / rawHotRow, 2)} of the raw update on one row`,
          `oversell with ${HOT_CONNECTIONS} concurrent clients on one counter: ${oversell} (target 0): ` +
            `${verdict(oversell === 0 && fullCounter.used <= OVERSELL_CAPACITY)} — ${count(full, 201)} reservations ` +
            `of ${OVERSELL_UNITS} units took ${fullCounter.used} of ${OVERSELL_CAPACITY}`,
          `load generator, app and Postgres share the machine's ${os.cpus().length} cores; 1-minute load average ` +
            `when the run started: ${round(loadAverage, 2)}`,
        ],
      };
    } finally {
      await app.stop();
    }
  },
};

export default scenario;

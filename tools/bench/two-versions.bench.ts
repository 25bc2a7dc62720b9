/**
 * U-two-versions: a rolling upgrade's two versions serving side by side on one database (docs/operations.md, "Rolling
 * upgrades"). The database is migrated by this tree (the migration Job runs first); then the same requests go once
 * to this build alone, and once to the previous release's capacity-service (built from its own checkout, its
 * `dist/` given as `BENCH_COMPARE_DIST`) and this build's in turn: a configuration, reservations, confirmations,
 * moves, outcome events and a change that puts some reservations at risk. Once the services have swept (written the
 * promises of what the previous version confirmed, moved or released without them, and recounted what it wrote
 * without counting it), the counters, reservations (but for the window's
 * hours, which the release before DeliveryPromiseWindows1795380000000 did not keep), moves, promises and day rows of
 * the two runs must be equal, this build's accuracy and at-risk answers equal in both runs, and every figure the
 * previous release answers equal to this build's answer in the same run.
 */
import path from 'node:path';
import { Client } from 'pg';
import { mintToken } from '@delivery/auth/testing';
import { waitFor } from '@delivery/messaging/testing';
import type { AppProcess } from '@delivery/platform/testing';
import { type BenchScenario, verdict } from './bench-scenario';
import { freshBenchDatabase, startBenchCapacityService } from './bench-services';

const BASE = '/capacity/v1';
const RESERVATIONS = 40;
const ALL_DAYS = ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'];
const SCOPES = [
  'configuration:write',
  'configuration:read',
  'capacity:reserve',
  'outcomes:write',
  'outcomes:read',
];

/** Today in Lima plus `days`, as YYYY-MM-DD. */
function limaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Two CDs serving one zone every day, a day's lead time, an AM window; CD O1 closed on `holidays`. */
function world(holidays: string[] = []): Record<string, unknown> {
  const node = (code: string) => ({
    code,
    type: 'CD',
    pickingDays: ALL_DAYS,
    processingDays: 0,
    pickingCapacity: 1000,
    holidays: code === 'O1' ? holidays : [],
  });
  const route = (source: string) => ({
    code: `R-${source}`,
    source,
    targetZone: 'Z1',
    mode: 'HOME_DELIVERY',
    daysOfWeek: ALL_DAYS,
    leadTimeDays: 1,
    dispatchCapacity: 1000,
    deliveryWindows: [{ code: 'AM', start: '09:00', end: '13:00', capacity: 1000 }],
  });
  return {
    settings: { timezone: 'America/Lima' },
    nodes: [node('O1'), node('O2')],
    zones: [{ code: 'Z1', ubigeoCodes: ['150101'] }],
    routes: [route('O1'), route('O2')],
    capacityOverrides: [],
  };
}

/**
 * Order `i`: from O1 or O2, bought 1–3 days from now, delivered the day after (moved: two days after). Its outcome
 * events are dated on those days, at most six days from now: within the week the services are told to accept
 * (`OUTCOME_CLOCK_SKEW_MS`, whose default refuses an event dated more than five minutes ahead).
 */
const order = (i: number) => ({ origin: i % 2 === 0 ? 'O1' : 'O2', day: 1 + ((i % 5) % 3) });

interface Run {
  statuses: Record<string, number[]>;
  state: Record<string, unknown>;
}

/** Everything the run left in the database, in key order. */
async function databaseState(url: string): Promise<Record<string, unknown>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const rows = async (text: string) => (await client.query(text)).rows;
    return {
      counters: await rows(
        `SELECT scope, ref, date::text, used FROM capacity_counters WHERE used > 0 ORDER BY 1, 2, 3`,
      ),
      // without the window's hours, which the previous release did not keep (DeliveryPromiseWindows1795380000000,
      // ReservationWindowHours1795405000000)
      reservations: await rows(
        `SELECT identifier, status,
           (SELECT jsonb_agg(s - 'deliveryWindowStart' - 'deliveryWindowEnd' - 'deliveryWindowHours' ORDER BY n)
            FROM jsonb_array_elements(selections) WITH ORDINALITY AS e(s, n)) AS selections, taken
         FROM capacity_reservations ORDER BY 1`,
      ),
      withWindowHours: await rows(
        `SELECT count(*)::int AS reservations FROM capacity_reservations WHERE selections -> 0 ? 'deliveryWindowStart'`,
      ),
      moves: await rows(`SELECT move_identifier, reservation FROM capacity_reservation_moves ORDER BY 1`),
      promises: await rows(
        `SELECT reservation_identifier, selection, route, promised_date::text, state, delivered_date::text,
           delay_days, failed_attempts, slipped_step, ignored_events, released, stale
         FROM delivery_promises ORDER BY 1, 2`,
      ),
      dayRows: await rows(
        `SELECT promised_date::text, route, origin, destination, dispatch_mode, delivery_window, state, delay_days,
           slipped_step, promises, failed_attempts, ignored_events FROM delivery_accuracy_days ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9`,
      ),
    };
  } finally {
    await client.end();
  }
}

async function exercise(mains: (string | undefined)[]): Promise<Run> {
  const url = await freshBenchDatabase('delivery_bench_two_versions');
  const services: AppProcess[] = [];
  try {
    for (const main of mains)
      services.push(
        await startBenchCapacityService(
          url,
          {
            RATE_LIMIT: '1000000',
            // the orders are placed from tomorrow on, so what happens to them is dated ahead (the previous
            // release accepts any date; this build up to a week ahead with this)
            OUTCOME_CLOCK_SKEW_MS: '604800000',
            OUTCOME_SWEEP_INTERVAL_MS: '1000',
            RESERVATION_RISK_REFRESH_MS: '1000',
            RESERVATION_SWEEP_INTERVAL_MS: '1000',
          },
          main,
        ),
      );
    const token = `Bearer ${await mintToken({ scopes: SCOPES, expiresIn: 3600 })}`;
    const call = async (i: number, method: string, pathname: string, body?: unknown) => {
      const service = services[i % services.length];
      const res = await fetch(`${service.url}${BASE}${pathname}`, {
        method,
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const statuses: Record<string, number[]> = {};
    const record = (step: string, status: number) => (statuses[step] ??= []).push(status);

    /** A configuration put through one service, then waited for until every service serves it. */
    const configure = async (i: number, document: Record<string, unknown>) => {
      const res = await call(i, 'PUT', '/configuration', document);
      record('configuration', res.status);
      await waitFor(
        async () => {
          const active = await Promise.all(services.map((_, n) => call(n, 'GET', '/configuration')));
          return active.every((answer) => answer.body.version === res.body.version);
        },
        60_000,
        `every service on version ${String(res.body.version)}`,
      );
    };
    await configure(0, world());
    for (let i = 0; i < RESERVATIONS; i++) {
      const { origin, day } = order(i);
      const res = await call(i, 'POST', '/delivery/capacity/reservations', {
        identifier: `order-${i}`,
        request: {
          purchaseDate: limaDate(day),
          saleChannel: 'WEB',
          deliveryData: { zone: 'Z1' },
          items: [{ skuCode: 'SKU-1', origin, quantity: 1 }],
        },
        selections: [
          { origin, dispatchMode: 'HOME_DELIVERY', destination: 'Z1', deliveryDate: limaDate(day + 1) },
        ],
      });
      record('reserve', res.status);
    }
    for (let i = 0; i < RESERVATIONS; i++)
      if (i % 4 !== 3)
        record(
          'confirm',
          (await call(i + 1, 'POST', `/delivery/capacity/reservations/order-${i}/confirm`)).status,
        );
    for (let i = 0; i < RESERVATIONS; i += 3) {
      const { origin, day } = order(i);
      const res = await call(i, 'POST', `/delivery/capacity/reservations/order-${i}/move`, {
        moveIdentifier: `move-${i}`,
        selections: [
          { origin, dispatchMode: 'HOME_DELIVERY', destination: 'Z1', deliveryDate: limaDate(day + 2) },
        ],
      });
      record('move', res.status);
    }
    // what happened to the confirmed orders, half through each version: picked and dispatched as planned, delivered
    // on the promised day or a day late
    for (let i = 0; i < RESERVATIONS; i++) {
      if (i % 4 === 3) continue;
      const { day } = order(i);
      const promised = day + (i % 3 === 0 ? 2 : 1);
      const at = (offset: number, hour: number) => `${limaDate(offset)}T${hour}:00:00-05:00`;
      const event = (type: string, occurredAt: string) => ({
        reservationIdentifier: `order-${i}`,
        selection: 0,
        type,
        occurredAt,
      });
      const res = await call(i, 'POST', '/delivery/outcomes', {
        events: [
          event('PICKED', at(promised - 1, 10)),
          event('DISPATCHED', at(promised - 1, 15)),
          event('DELIVERED', at(i % 5 === 0 ? promised + 1 : promised, 11)),
        ],
      });
      record('outcomes', res.status);
    }
    // the change: O1 closed on the day the orders bought two days from now are picked and dispatched
    await configure(services.length - 1, world([limaDate(2)]));

    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await waitFor(
        async () =>
          (await client.query('SELECT count(*)::int AS n FROM capacity_reservations_unpromised')).rows[0]
            .n === 0 &&
          (await client.query('SELECT count(*)::int AS n FROM delivery_accuracy_days_uncounted')).rows[0]
            .n === 0 &&
          (await client.query('SELECT count(*)::int AS n FROM delivery_promises WHERE stale')).rows[0].n ===
            0,
        180_000,
        "the previous release's reservations promised, the day rows recounted and every promise evaluated",
      );
    } finally {
      await client.end();
    }
    const answers = async (pathname: string) =>
      Promise.all(
        services.map(async (_, i) => {
          const res = await call(i, 'GET', pathname);
          return res.status === 200 ? res.body : { status: res.status };
        }),
      );
    const range = `from=${limaDate(0)}&to=${limaDate(10)}`;
    const atRisk = await waitFor(
      async () => {
        const pages = await answers('/delivery/capacity/reservations/at-risk?pageSize=500');
        // when each reservation was made is the run's own instant
        return (
          pages.every((page) => page.checked === true) &&
          pages.map((page) => ({
            ...page,
            items: (page.items as Record<string, unknown>[]).map(({ createdAt: _made, ...item }) => item),
          }))
        );
      },
      60_000,
      'the at-risk check of the change',
    );
    return {
      statuses,
      state: {
        ...(await databaseState(url)),
        accuracyByRoute: await answers(`/delivery/accuracy?${range}&groupBy=route`),
        accuracyByWindow: await answers(`/delivery/accuracy?${range}&groupBy=window`),
        atRisk,
      },
    };
  } finally {
    for (const service of services.reverse()) await service.stop();
  }
}

const scenario: BenchScenario = {
  id: 'U-two-versions',
  title: 'the previous release and this build serving one database side by side',
  target:
    'counters, reservations, promises, accuracy figures and at-risk lists equal to a single-version run, with no step by hand',
  async run() {
    const previous = process.env.BENCH_COMPARE_DIST;
    if (!previous)
      throw new Error(
        "U-two-versions needs BENCH_COMPARE_DIST: the previous release's dist/, built from its own checkout",
      );
    const previousMain = path.relative(
      process.cwd(),
      path.resolve(previous, 'apps/capacity-service/src/main.js'),
    );
    const alone = await exercise([undefined]);
    const mixed = await exercise([previousMain, undefined]);
    const text = (value: unknown) => JSON.stringify(value);
    /** What differs between two states, key by key: the first differing element of each, shortened. */
    const differences = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      Object.keys(a).flatMap((key) => {
        if (text(a[key]) === text(b[key])) return [];
        const [left, right] = [a[key], b[key]].map((v) => (Array.isArray(v) ? v : [v]));
        const at = left.findIndex((item, i) => text(item) !== text(right[i]));
        return [`${key}: ${text(left[at]).slice(0, 300)} / ${text(right[at]).slice(0, 300)}`];
      });
    // the database after the mixed run against after this build alone; each service's answers against the answers
    // of its own version alone
    const ANSWERS = ['accuracyByRoute', 'accuracyByWindow', 'atRisk'];
    const storedOf = (state: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(state).filter(([key]) => !ANSWERS.includes(key) && key !== 'withWindowHours'),
      );
    const windowHours = (run: Run) =>
      (run.state.withWindowHours as { reservations: number }[])[0].reservations;
    const answered = (state: Record<string, unknown>, i: number) =>
      Object.fromEntries(ANSWERS.map((key) => [key, (state[key] as unknown[])[i]]));
    const storedDifferences = differences(storedOf(alone.state), storedOf(mixed.state));
    // the previous release answers what it knows of: each of its figures must be this build's
    const within = (older: unknown, newer: unknown): boolean =>
      older !== null && typeof older === 'object'
        ? newer !== null &&
          typeof newer === 'object' &&
          Object.entries(older).every(([key, value]) =>
            within(value, (newer as Record<string, unknown>)[key]),
          )
        : older === newer;
    const answerDifferences = [
      ...differences(answered(alone.state, 0), answered(mixed.state, 1)).map((d) => `this build: ${d}`),
      ...ANSWERS.filter((key) => !within(answered(mixed.state, 0)[key], answered(mixed.state, 1)[key])).map(
        (key) => `previous release: ${key} not within this build's answer`,
      ),
    ];
    const count = (state: Record<string, unknown>, key: string) => (state[key] as unknown[]).length;
    const promisesAtRisk = ((answered(alone.state, 0).atRisk as { total?: number }).total ?? 0) as number;
    const row = (subject: string, run: Run) => ({
      subject,
      figures: [
        ...Object.entries(run.statuses).map(([step, answers]) => ({
          metric: step,
          value: answers.length,
          unit: `answers (${[...new Set(answers)].sort().join(', ')})`,
        })),
        { metric: 'counters', value: count(run.state, 'counters'), unit: 'rows' },
        { metric: 'promises', value: count(run.state, 'promises'), unit: '' },
        { metric: 'day rows', value: count(run.state, 'dayRows'), unit: '' },
      ],
    });
    const sameStatuses = text(mixed.statuses) === text(alone.statuses);
    return {
      rows: [row('this build alone', alone), row('the previous release and this build in turn', mixed)],
      summary: [
        `statuses of every request equal in both runs: ${verdict(sameStatuses)}`,
        `counters, reservations, moves, promises and day rows after the mixed run equal to this build alone: ${verdict(storedDifferences.length === 0)}`,
        `accuracy by route and by window and the ${promisesAtRisk} at-risk reservations: this build's answers equal to this build alone, every figure of the previous release's answers equal to this build's: ${verdict(answerDifferences.length === 0)}`,
        `reservations keeping their window's hours: ${windowHours(alone)} alone, ${windowHours(mixed)} mixed (the previous release does not keep them)`,
        ...storedDifferences.map((d) => `differs: ${d}`),
        ...answerDifferences.map((d) => `differs: ${d}`),
      ],
    };
  },
};

export default scenario;

/**
 * `GET {base}/delivery/accuracy` over many promises (docs/accuracy.md): BENCH_OUTCOME_PROMISES (default 1,000,000)
 * promises on 16,000 routes over 28 days, grouped by route, asked back to back by one client through capacity-service
 * running as its own process; against the aggregate statement alone on a `pg` connection in the same run (what the
 * service adds: ranking 16,000 groups, one page, the body).
 */
import { bearer, mintToken } from '@delivery/auth/testing';
import { formatDate, parseDate } from '@delivery/capacity-domain';
import { PromiseAccuracyRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { type BenchScenario, verdict } from './bench-scenario';
import { freshBenchDatabase, startBenchCapacityService } from './bench-services';
import { percentile, round } from './load';
import { insertPromises } from './outcome-promises';

const PROMISES = Number(process.env.BENCH_OUTCOME_PROMISES ?? 1_000_000);
const ROUTES = 16_000;
const DAYS = 28;
const ASKS = 20;
const TARGET_MS = 500;

const scenario: BenchScenario = {
  id: 'O-accuracy',
  title: `accuracy over ${PROMISES.toLocaleString('en')} promises, ${DAYS} days, grouped by route`,
  target: `GET /delivery/accuracy over 1M promises, 28 days, grouped by route, in ≤ ${TARGET_MS} ms`,
  async run() {
    const url = await freshBenchDatabase('delivery_bench_outcomes');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
    const last = formatDate((parseDate(today) as number) - 1);
    const first = formatDate((parseDate(last) as number) - (DAYS - 1));
    await insertPromises(url, { count: PROMISES, routes: ROUTES, days: DAYS, last, delivered: true });

    const database = new Database({ url, poolSize: 1, applicationName: 'bench' });
    const repository = new PromiseAccuracyRepository(database);
    const statement: number[] = [];
    for (let i = 0; i < ASKS; i++) {
      const started = performance.now();
      await repository.groups({ from: first, to: last, groupBy: 'route', today });
      statement.push(performance.now() - started);
    }
    await database.close();

    const app = await startBenchCapacityService(url);
    const authorization = bearer(await mintToken({ scopes: ['outcomes:read'] }));
    const service: number[] = [];
    let groups = 0;
    try {
      for (let i = 0; i < ASKS; i++) {
        const started = performance.now();
        const res = await fetch(
          `${app.url}/capacity/v1/delivery/accuracy?from=${first}&to=${last}&groupBy=route`,
          {
            headers: { Authorization: authorization },
          },
        );
        const body = (await res.json()) as { totalGroups: number };
        service.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`accuracy answered ${res.status}`);
        groups = body.totalGroups;
      }
    } finally {
      await app.stop();
    }
    const figures = (values: number[]) => [
      { metric: 'p50', value: round(percentile(values, 50)), unit: 'ms' },
      { metric: 'p99', value: round(percentile(values, 99)), unit: 'ms' },
    ];
    const p99 = percentile(service, 99);
    return {
      rows: [
        { subject: `GET /delivery/accuracy (${groups} groups, ${ASKS} asks)`, figures: figures(service) },
        { subject: 'the aggregate statement alone', figures: figures(statement) },
      ],
      summary: [
        `p99 ${round(p99)} ms over ${PROMISES.toLocaleString('en')} promises (target ≤ ${TARGET_MS} ms${
          PROMISES < 1_000_000 ? ' at 1M: this run is smaller' : ''
        }): ${verdict(p99 <= TARGET_MS)}`,
      ],
    };
  },
};

export default scenario;

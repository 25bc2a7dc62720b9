/**
 * S1-backtest: the preview's backtest at national scale (docs/accuracy.md, "Backtesting a change"), on
 * capacity-service as deployed: BACKTEST_PROMISES (default 100,000) reservations of orders placed over the 28 days up
 * to yesterday (at 10:00 in Lima, an equal share each day), each holding a plan the engine made then with its request
 * (scale-reservations.ts), all confirmed (the confirmation makes their promises) and delivered with a delay of −1 to
 * +2 days. Then the preview of the document with the route of the first order a day slower, without and with
 * `backtest` over those 28 days: the difference is the backtest's time. Each with the worst calculation latency while
 * it runs (calculations sent back to back) and the longest event-loop delay; the service's peak resident memory before and after the backtest.
 * Baseline in the same run and under the same calculations: a PUT of the same document; the previews start once the
 * check the new version runs on its swap is done, as in S1-risks. World size: BACKTEST_ROUTES
 * (default the national world, 16,160 routes); both smaller only to check the scenario runs.
 */
import { Client } from 'pg';
import { type BenchResult, type BenchScenario, verdict } from './bench-scenario';
import { peakRssMb } from './bench-services';
import { reservationBook, writeBook } from './scale-reservations';
import {
  configurationRuns,
  freshService,
  nationalWorld,
  putConfiguration,
  sendTo,
  sizeFrom,
  swapCheckMs,
  worldOf,
} from './scale-world';

const DAYS = 28;
const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Every promise due before today delivered, −1 to +2 days from its date (mostly on it), as the service stores it. */
const DELIVER = `
  UPDATE delivery_promises SET state = 'DELIVERED', delivered_date = promised_date + d, delay_days = d,
    slipped_step = CASE WHEN d > 0 THEN 'TRANSIT' END
  FROM (SELECT reservation_identifier AS id,
          (ARRAY[-1, 0, 0, 0, 0, 0, 0, 1, 1, 2])[1 + abs(hashtext(reservation_identifier)) % 10] AS d
        FROM delivery_promises) AS delays
  WHERE reservation_identifier = delays.id AND promised_date < current_date`;

async function deliver(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(DELIVER);
    await client.query('ANALYZE delivery_promises');
  } finally {
    await client.end();
  }
}

const scenario: BenchScenario = {
  id: 'S1-backtest',
  title: "The preview's backtest: 100k recorded promises over the national network, calculations meanwhile",
  target:
    'a backtest of 100k promises within the time of a PUT of the 16k network; worst calculation while it runs ' +
    '≤ 100 ms; memory bounded',
  async run(): Promise<BenchResult> {
    const routes = sizeFrom('BACKTEST_ROUTES');
    const world = routes === null ? nationalWorld() : worldOf(routes);
    const count = sizeFrom('BACKTEST_PROMISES') ?? 100_000;
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const first = today - DAYS * DAY_MS;
    const range = { from: isoDay(first), to: isoDay(today - DAY_MS) };
    // placed at 15:00 UTC (10:00 in Lima), one day of the range after another
    const placed = Array.from({ length: DAYS }, (_, day) => new Date(first + day * DAY_MS + 15 * 3_600_000));
    const book = reservationBook(world, count, placed).map((reservation) => ({
      ...reservation,
      status: 'CONFIRMED' as const,
    }));
    const slower = book[0].taken.find((take) => take.scope === 'DISPATCH')?.ref;
    const changed = JSON.parse(world.text) as { routes: { code: string; leadTimeDays: number }[] };
    const route = changed.routes.find(({ code }) => code === slower);
    if (route === undefined) throw new Error('the first order of the book departs on no route of the world');
    route.leadTimeDays += 1;
    const candidate = JSON.stringify(changed);
    const candidateWithBacktest = JSON.stringify({ ...changed, backtest: range });
    const service = await freshService('delivery_bench_backtest');
    const rows: BenchResult['rows'] = [];
    const summary: string[] = [];
    const { during, row } = configurationRuns(service, rows);
    try {
      await putConfiguration(service, world.text); // version 1
      await writeBook(service.databaseUrl, book);
      await deliver(service.databaseUrl);
      const putRun = await during(world, () => putConfiguration(service, world.text)); // version 2
      row(`baseline: PUT of the ${world.routes}-route document`, putRun);
      const swapCheck = await swapCheckMs(service);
      const without = await during(world, () =>
        sendTo(service, 'POST', '/configuration/preview', 'configuration:write', candidate),
      );
      row(`POST /configuration/preview, route ${slower} a day slower, no backtest`, without);
      const peakBefore = peakRssMb(service.app.child.pid as number);
      const withBacktest = await during(world, () =>
        sendTo(service, 'POST', '/configuration/preview', 'configuration:write', candidateWithBacktest),
      );
      const peakAfter = peakRssMb(service.app.child.pid as number);
      const answer = JSON.parse(withBacktest.value.value) as {
        backtest: { total: { promises: number; moved: { later: number } }; totalLanes: number };
      };
      if (answer.backtest.total.promises !== count)
        throw new Error(`the backtest replayed ${answer.backtest.total.promises} promises, not ${count}`);
      row(
        `the same with backtest ${range.from}..${range.to}: ${count} promises, ${answer.backtest.totalLanes} ` +
          `lanes, ${answer.backtest.total.moved.later} later`,
        withBacktest,
      );
      rows.push({
        subject: 'capacity-service peak resident memory (VmHWM)',
        figures: [
          {
            metric: 'before the backtest (the PUT and the preview without it included)',
            value: peakBefore,
            unit: 'MB',
          },
          { metric: 'after it', value: peakAfter, unit: 'MB' },
        ],
      });
      const backtestMs = withBacktest.value.ms - without.value.ms;
      const worst = Math.max(without.latency.max, withBacktest.latency.max);
      summary.push(
        `backtest of ${count.toLocaleString('en')} promises ${Math.round(backtestMs)} ms (the preview with it ` +
          `less the preview without; ${(backtestMs / putRun.value.ms).toFixed(2)} × the PUT, ` +
          `${Math.round(putRun.value.ms)} ms): ${verdict(backtestMs <= putRun.value.ms)}`,
        `worst calculation while it ran ${worst} ms (target ≤ 100 ms): ${verdict(worst <= 100)}`,
        `the new version's own reservation check after the PUT: done ${Math.round(swapCheck)} ms after its run was read, ` +
          'before the previews started',
      );
    } finally {
      await service.app.stop();
    }
    return { rows, summary };
  },
};

export default scenario;

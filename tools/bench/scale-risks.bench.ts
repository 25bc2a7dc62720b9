/**
 * S1-risks: the preview's reservation check at national scale (docs/reservations.md, "When a change breaks a
 * reservation"), on capacity-service as deployed: RISK_RESERVATIONS (default 100,000) HELD reservations spread over
 * the routes of the 16k world, written straight into `capacity_reservations` (scale-reservations.ts), then the preview of a holiday at every
 * CD on one departure day, with the worst calculation latency while it runs (calculations sent back to back) and the
 * service's longest event-loop delay. Baseline in the same run and under the same calculations: a PUT of the same
 * document. World size: RISK_ROUTES (default the national world, 16,160 routes); both smaller only to check the
 * scenario runs.
 */
import { type BenchResult, type BenchScenario, verdict } from './bench-scenario';
import { scrape } from './bench-services';
import { round } from './load';
import { DAY_MS, insertReservations, isoDay, reservationsOf } from './scale-reservations';
import {
  calculationClient,
  freshService,
  loadAverage,
  ms,
  nationalWorld,
  putConfiguration,
  sendTo,
  timed,
  worldOf,
  type World,
} from './scale-world';

const size = (name: string): number | null => {
  const value = process.env[name];
  return value === undefined || value === '' ? null : Number(value);
};

/** The document with a holiday at every CD on the first departure day the reservations use. */
function holidayAtEveryCd(world: World): { text: string; day: string } {
  const document = JSON.parse(world.text) as { nodes: { type: string; holidays?: string[] }[] };
  const day = isoDay(
    Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + 2 * DAY_MS,
  );
  for (const node of document.nodes) if (node.type === 'CD') node.holidays = [...(node.holidays ?? []), day];
  return { text: JSON.stringify(document), day };
}

const scenario: BenchScenario = {
  id: 'S1-risks',
  title:
    "The preview's reservation check: 100k reservations over the national network, calculations meanwhile",
  target: 'the preview within the time of a PUT of that network; worst calculation while it runs ≤ 100 ms',
  async run(): Promise<BenchResult> {
    const routes = size('RISK_ROUTES');
    const world = routes === null ? nationalWorld() : worldOf(routes);
    const count = size('RISK_RESERVATIONS') ?? 100_000;
    const service = await freshService('delivery_bench_risks');
    const rows: BenchResult['rows'] = [];
    const summary: string[] = [];
    const lag = 'nodejs_eventloop_lag_max_seconds';
    const during = async (work: () => Promise<string>) => {
      const client = await calculationClient(service, JSON.stringify(world.network.requests.explicitOrigins));
      try {
        await scrape(service.app, lag); // resets the max
        const run = await client.during(() => timed(work));
        return { ...run, stallMs: (await scrape(service.app, lag)) * 1000 };
      } finally {
        client.close();
      }
    };
    const row = (
      subject: string,
      run: { value: { ms: number }; latency: { max: number; count: number }; stallMs: number },
    ) =>
      rows.push({
        subject: `${subject} (load avg ${loadAverage()})`,
        figures: [
          ms(run.value.ms),
          {
            metric: `worst of ${run.latency.count} calculations during it`,
            value: run.latency.max,
            unit: 'ms',
          },
          { metric: 'longest event-loop delay', value: round(run.stallMs, 1), unit: 'ms' },
        ],
      });
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    try {
      await putConfiguration(service, world.text); // version 1
      await insertReservations(
        service.databaseUrl,
        reservationsOf(world, count, {
          placedAt: () => Date.now(),
          departsFrom: () => today + 2 * DAY_MS,
          request: () => world.network.requests.explicitOrigins,
        }),
      );
      const putRun = await during(() => putConfiguration(service, world.text)); // version 2
      row(`baseline: PUT of the ${world.routes}-route document`, putRun);
      const holiday = holidayAtEveryCd(world);
      const preview = await during(() =>
        sendTo(service, 'POST', '/configuration/preview', 'configuration:write', holiday.text),
      );
      const answer = JSON.parse(preview.value.value) as { reservations: { total: number } };
      row(
        `POST /configuration/preview, ${world.routes} routes, ${count} reservations, a holiday at every CD on ` +
          `${holiday.day}: ${answer.reservations.total} at risk`,
        preview,
      );
      const ratio = (preview.value.ms / putRun.value.ms).toFixed(2);
      summary.push(
        `preview with the reservation check ${Math.round(preview.value.ms)} ms (${ratio} × the PUT, ` +
          `${Math.round(putRun.value.ms)} ms): ${verdict(preview.value.ms <= putRun.value.ms)}`,
        `worst calculation while it ran ${preview.latency.max} ms (target ≤ 100 ms): ` +
          `${verdict(preview.latency.max <= 100)}`,
      );
    } finally {
      await service.app.stop();
    }
    return { rows, summary };
  },
};

export default scenario;

/**
 * S1-risks: the preview's reservation check at national scale (docs/reservations.md, "When a change breaks a
 * reservation"), on capacity-service as deployed: RISK_RESERVATIONS (default 100,000) reservations over the
 * home-delivery routes of the 16k world, each holding a plan the engine made (scale-reservations.ts), written with
 * the counters they took; then the preview of holidays at CDs on departure days of about RISK_SHARE (default 10 %)
 * of them, with the worst calculation latency while it runs (calculations sent back to back) and the service's
 * longest event-loop delay. The preview must name exactly the reservations those holidays break. Baseline in the
 * same run and under the same calculations: a PUT of the same document; the check that version runs once on its
 * swap is waited for before the preview starts. World size: RISK_ROUTES (default the
 * national world, 16,160 routes); both smaller only to check the scenario runs.
 */
import { type BenchResult, type BenchScenario, verdict } from './bench-scenario';
import { holidaysOnShare, reservationBook, writeBook } from './scale-reservations';
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

const scenario: BenchScenario = {
  id: 'S1-risks',
  title:
    "The preview's reservation check: 100k reservations over the national network, calculations meanwhile",
  target: 'the preview within the time of a PUT of that network; worst calculation while it runs ≤ 100 ms',
  async run(): Promise<BenchResult> {
    const routes = sizeFrom('RISK_ROUTES');
    const world = routes === null ? nationalWorld() : worldOf(routes);
    const count = sizeFrom('RISK_RESERVATIONS') ?? 100_000;
    const book = reservationBook(world, count, [new Date()]);
    const change = holidaysOnShare(world, book, sizeFrom('RISK_SHARE') ?? 0.1);
    const service = await freshService('delivery_bench_risks');
    const rows: BenchResult['rows'] = [];
    const summary: string[] = [];
    const { during, row } = configurationRuns(service, rows);
    try {
      await putConfiguration(service, world.text); // version 1
      await writeBook(service.databaseUrl, book);
      const putRun = await during(world, () => putConfiguration(service, world.text)); // version 2
      row(`baseline: PUT of the ${world.routes}-route document`, putRun);
      const swapCheck = await swapCheckMs(service);
      const preview = await during(world, () =>
        sendTo(service, 'POST', '/configuration/preview', 'configuration:write', change.text),
      );
      const { reservations } = JSON.parse(preview.value.value) as {
        reservations: { total: number; byReason: Record<string, number> };
      };
      const matches = reservations.total === change.atRisk && reservations.byReason.HOLIDAY === change.atRisk;
      row(
        `POST /configuration/preview, ${world.routes} routes, ${count} reservations, holidays at ` +
          `${change.holidays.length} (CD, departure day) pairs: ${reservations.total} at risk ` +
          `(${((100 * reservations.total) / count).toFixed(1)} %; expected ${change.atRisk})`,
        preview,
      );
      const ratio = (preview.value.ms / putRun.value.ms).toFixed(2);
      summary.push(
        `reservations at risk ${reservations.total}, expected ${change.atRisk} (every one HOLIDAY): ` +
          `${matches ? 'match' : 'DO NOT match'}`,
        `preview with the reservation check ${Math.round(preview.value.ms)} ms (${ratio} × the PUT, ` +
          `${Math.round(putRun.value.ms)} ms): ${verdict(preview.value.ms <= putRun.value.ms)}`,
        `worst calculation while it ran ${preview.latency.max} ms (target ≤ 100 ms): ` +
          `${verdict(preview.latency.max <= 100)}`,
        `the new version's own check of the ${count} reservations after the PUT answered (every one, against ` +
          `the same network): done ${Math.round(swapCheck)} ms after the PUT's run was read, before the preview started`,
      );
    } finally {
      await service.app.stop();
    }
    return { rows, summary };
  },
};

export default scenario;

/**
 * S1-changes: changing the network safely at national scale (docs/configuration.md "Compare and preview"), on
 * capacity-service as deployed: the preview of the 16k world with one route changed, the activation (roll back) of
 * a 16k version, and the comparison of two 100k versions (neither of them active, so both are read and validated;
 * then the active one against the one before, the active one exported from its snapshot in memory), each with the
 * worst calculation latency while it runs (calculations sent back to back against the active world) and the
 * service's longest event-loop delay (`nodejs_eventloop_lag_max_seconds`, reset by a scrape before it). Baseline in
 * the same run and under the same calculations: a PUT of the same 16k document. World sizes: CHANGES_ROUTES (default
 * the national world, 16,160 routes) and CHANGES_LARGE_ROUTES (default 100,000), smaller only to check the scenario
 * runs.
 */
import { type BenchResult, type BenchScenario, verdict } from './bench-scenario';
import {
  configurationRuns,
  freshService,
  nationalWorld,
  putConfiguration,
  sendTo,
  sizeFrom,
  worldOf,
  type World,
} from './scale-world';

/** The same document with its first route one day slower. */
function oneRouteChanged(world: World): string {
  const document = JSON.parse(world.text) as { routes: { leadTimeDays: number }[] };
  document.routes[0].leadTimeDays += 1;
  return JSON.stringify(document);
}

const scenario: BenchScenario = {
  id: 'S1-changes',
  title: 'Preview, roll back and compare at national scale, calculations meanwhile',
  target: 'each within the time of a PUT of that network; worst calculation while it runs ≤ 100 ms',
  async run(): Promise<BenchResult> {
    const routes = sizeFrom('CHANGES_ROUTES');
    const national = routes === null ? nationalWorld() : worldOf(routes);
    const large = worldOf(sizeFrom('CHANGES_LARGE_ROUTES') ?? 100_000);
    const service = await freshService('delivery_bench_changes');
    const rows: BenchResult['rows'] = [];
    const summary: string[] = [];
    const { during, row } = configurationRuns(service, rows);
    try {
      const changed = oneRouteChanged(national);
      await putConfiguration(service, national.text); // version 1
      // the baseline, under the same calculations as the others: PUT of the same document again (version 2)
      const putRun = await during(national, () => putConfiguration(service, national.text));
      const put = putRun.value;
      row(`baseline: PUT of the ${national.routes}-route document`, putRun);
      const preview = await during(national, () =>
        sendTo(service, 'POST', '/configuration/preview', 'configuration:write', changed),
      );
      const answer = JSON.parse(preview.value.value) as {
        changes: { routes: { counts: { changed: number } } };
      };
      if (answer.changes.routes.counts.changed !== 1)
        throw new Error('the preview did not find the one change');
      row(`POST /configuration/preview, ${national.routes} routes, one route changed`, preview);
      await putConfiguration(service, changed); // version 3
      const activation = await during(national, () =>
        sendTo(service, 'POST', '/configuration/versions/1/activation', 'configuration:write'),
      ); // version 4
      row(`POST /configuration/versions/1/activation, ${national.routes} routes`, activation);
      await putConfiguration(service, large.text); // version 5
      await putConfiguration(service, oneRouteChanged(large)); // version 6
      await putConfiguration(service, large.text); // version 7, active: 5 and 6 are both read and validated
      const compare = await during(large, () =>
        sendTo(service, 'GET', '/configuration/versions/6/changes?since=5', 'configuration:read'),
      );
      row(
        `GET /configuration/versions/6/changes?since=5, ${large.routes} routes each, neither active`,
        compare,
      );
      const compareActive = await during(large, () =>
        sendTo(service, 'GET', '/configuration/versions/7/changes?since=6', 'configuration:read'),
      );
      row(
        `GET /configuration/versions/7/changes?since=6, the active one against the one before`,
        compareActive,
      );
      const worst = Math.max(
        preview.latency.max,
        activation.latency.max,
        compare.latency.max,
        compareActive.latency.max,
      );
      const ratio = (ms: number) => (ms / put.ms).toFixed(2);
      summary.push(
        `preview ${Math.round(preview.value.ms)} ms (${ratio(preview.value.ms)} × the PUT), activation ` +
          `${Math.round(activation.value.ms)} ms (${ratio(activation.value.ms)} × the PUT) vs PUT ` +
          `${Math.round(put.ms)} ms: ${verdict(Math.max(preview.value.ms, activation.value.ms) <= put.ms)}`,
        `worst calculation while they ran ${worst} ms (target ≤ 100 ms): ${verdict(worst <= 100)}`,
      );
    } finally {
      await service.app.stop();
    }
    return { rows, summary };
  },
};

export default scenario;

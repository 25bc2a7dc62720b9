/**
 * S1-16k: the national network (6 CDs, 300 stores of which 180 pickup points, 40 sellers, 1,800 zones, 16,160
 * routes, ~26,000 stock rows, a 7.7 MB document) on capacity-service as deployed: PUT, load, boot to ready, RSS,
 * the worst calculation latency while a load runs, and the calculation p50/p99 of each request kind paced as Q1.3
 * paces them (`Q13_PACE`). Baselines in
 * the same run: JSON.parse of the same document, a COPY of the same rows, GET /whoami, boot on an empty database.
 */
import { type BenchResult, type BenchScenario, verdict } from './bench-scenario';
import { freshBenchDatabase, peakRssMb } from './bench-services';
import { round } from './load';
import { Q13_PACE, runPacedLoad } from './paced-load';
import {
  calculationClient,
  copyMs,
  freshService,
  jsonParseMs,
  loadAverage,
  loadConfiguration,
  median,
  ms,
  putConfiguration,
  seconds,
  startService,
  timed,
  nationalWorld,
  BASE,
} from './scale-world';

const RUNS = 3;
const PACED = `${Q13_PACE.rate} requests/s for ${Q13_PACE.durationSeconds} s, paced`;

const scenario: BenchScenario = {
  id: 'S1-16k',
  title: 'National network, 16k routes: import, load, boot, calculations during a load',
  target:
    'PUT ≤ 5 s; load ≤ 2 s; boot to ready ≤ 3 s; worst calculation during a load ≤ 100 ms; calculation p99 ≤ 20 ms',
  async run(): Promise<BenchResult> {
    const world = nationalWorld();
    const explicit = JSON.stringify(world.network.requests.explicitOrigins);
    const service = await freshService('delivery_bench_s1');
    const calculations = await calculationClient(service, explicit);
    const rows: BenchResult['rows'] = [];
    const summary: string[] = [];
    try {
      const puts: number[] = [];
      const putLatency: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const put = await calculations.during(() => timed(() => putConfiguration(service, world.text)));
        puts.push(put.value.ms);
        putLatency.push(put.latency.max);
      }
      const parseMs = jsonParseMs(world.text);
      const copy = await copyMs(service.databaseUrl, world);
      rows.push({
        subject: `PUT /configuration (${world.routes} routes, ${round(world.text.length / 1e6)} MB; median of ${RUNS}; load avg ${loadAverage()})`,
        figures: [
          ms(median(puts)),
          { metric: 'worst calculation during it', value: Math.max(...putLatency), unit: 'ms' },
        ],
      });
      const loads: number[] = [];
      const loadLatency: number[] = [];
      let loadCount = 0;
      for (let i = 0; i < RUNS; i++) {
        const load = await calculations.during(() => timed(() => loadConfiguration(service)));
        loads.push(load.value.ms);
        loadLatency.push(load.latency.max);
        loadCount += load.latency.count;
      }
      rows.push({
        subject: `POST /configuration/load (median of ${RUNS}; load avg ${loadAverage()})`,
        figures: [
          ms(median(loads)),
          {
            metric: `worst of ${loadCount} calculations during them`,
            value: Math.max(...loadLatency),
            unit: 'ms',
          },
        ],
      });
      const idle = await calculations.idle(median(loads));
      rows.push({
        subject: `baseline: the same calculations for as long, no load running (load avg ${loadAverage()})`,
        figures: [{ metric: 'worst calculation', value: idle.max, unit: 'ms' }],
      });
      rows.push({ subject: 'baseline: JSON.parse of the same document', figures: [ms(parseMs)] });
      rows.push({
        subject: 'baseline: COPY of the same routes, windows and stock rows',
        figures: [ms(copy)],
      });
      const headers = await service.headers('capacity:calculate');
      const paced = { headers, ...Q13_PACE };
      const whoami = await runPacedLoad({ url: `${service.app.url}${BASE}/whoami`, ...paced });
      rows.push({
        subject: `baseline: GET /whoami, ${PACED} (load avg ${loadAverage()})`,
        figures: [
          { metric: 'p50', value: round(whoami.p50, 2), unit: 'ms' },
          { metric: 'p99', value: round(whoami.p99, 2), unit: 'ms' },
        ],
      });
      const p99s: number[] = [];
      for (const [kind, request] of Object.entries(world.network.requests)) {
        const latency = await runPacedLoad({
          url: `${service.app.url}${BASE}/delivery/capacity`,
          method: 'POST',
          body: JSON.stringify(request),
          ...paced,
        });
        const failed = latency.errors + latency.non2xx;
        if (failed > 0) throw new Error(`${kind}: ${failed} calculations failed`);
        p99s.push(round(latency.p99, 2));
        rows.push({
          subject: `calculation, ${kind}, ${PACED} (load avg ${loadAverage()})`,
          figures: [
            { metric: 'p50', value: round(latency.p50, 2), unit: 'ms' },
            { metric: 'p99', value: round(latency.p99, 2), unit: 'ms' },
            { metric: 'max', value: round(latency.max, 1), unit: 'ms' },
          ],
        });
      }
      rows.push({
        subject: 'peak RSS (VmHWM) over the PUTs, loads and calculations',
        figures: [{ metric: 'RSS', value: peakRssMb(service.app.child.pid ?? 0), unit: 'MB' }],
      });
      await service.app.stop();
      const boot = await timed(() => startService(service.databaseUrl));
      const bootMs = boot.ms;
      await boot.value.app.stop();
      const fromSource = await timed(() =>
        startService(service.databaseUrl, {}, 'apps/capacity-service/src/main.ts'),
      );
      await fromSource.value.app.stop();
      const empty = await timed(async () =>
        startService(await freshBenchDatabase('delivery_bench_s1_empty')),
      );
      const emptyBootMs = empty.ms;
      await empty.value.app.stop();
      rows.push({
        subject: `boot to ready on this world, warm database, built as deployed (load avg ${loadAverage()})`,
        figures: [ms(bootMs)],
      });
      rows.push({
        subject: 'same, from TypeScript source compiled at start-up (dev launcher)',
        figures: [ms(fromSource.ms)],
      });
      rows.push({ subject: 'baseline: boot to ready on an empty database', figures: [ms(emptyBootMs)] });
      summary.push(
        `PUT ${seconds(median(puts))} s (target ≤ 5 s): ${verdict(median(puts) <= 5000)}; ` +
          `${round(median(puts) / parseMs)} × JSON.parse, ${round(median(puts) / copy)} × COPY`,
        `load ${seconds(median(loads))} s (target ≤ 2 s): ${verdict(median(loads) <= 2000)}; ` +
          `${round(median(loads) / parseMs)} × JSON.parse, ${round(median(loads) / copy)} × COPY`,
        `boot to ready ${seconds(bootMs)} s (target ≤ 3 s): ${verdict(bootMs <= 3000)}; ` +
          `${seconds(bootMs - emptyBootMs)} s more than on an empty database`,
        `worst calculation during a load ${Math.max(...loadLatency)} ms (target ≤ 100 ms): ${verdict(Math.max(...loadLatency) <= 100)}; ` +
          `${idle.max} ms with no load running`,
        `calculation p99, worst kind ${Math.max(...p99s)} ms (target ≤ 20 ms): ${verdict(Math.max(...p99s) <= 20)}`,
      );
    } finally {
      calculations.close();
      await service.app.stop();
    }
    return { rows, summary };
  },
};

export default scenario;

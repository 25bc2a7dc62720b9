/**
 * S1-100k: the national network scaled to 100,000 routes on capacity-service as deployed: PUT, load, the worst
 * calculation latency while a load runs, RSS, and how fast bad input of that size is answered (one broken
 * reference and a duplicate code at the end). Baselines in the same run: JSON.parse of the same document, a COPY
 * of the same rows.
 */
import { type BenchResult, type BenchScenario, verdict } from './bench-scenario';
import { peakRssMb } from './bench-services';
import { round } from './load';
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
  timed,
  worldOf,
} from './scale-world';

/** The same document with the last route's source unknown and its first zone's code repeated at the end. */
function brokenText(text: string): string {
  const document = JSON.parse(text) as { routes: { source: string }[]; zones: { code: string }[] };
  document.routes[document.routes.length - 1].source = 'NO-SUCH-NODE';
  document.zones.push({ ...document.zones[0] });
  return JSON.stringify(document);
}

const scenario: BenchScenario = {
  id: 'S1-100k',
  title: 'National network scaled to 100k routes: import, load, memory, bad input',
  target: 'PUT ≤ 30 s; load ≤ 10 s; worst calculation during a load ≤ 100 ms; RSS ≤ 1 GB; bad input as fast',
  async run(): Promise<BenchResult> {
    const world = worldOf(100_000);
    const explicit = JSON.stringify(world.network.requests.explicitOrigins);
    const service = await freshService('delivery_bench_s1_100k');
    const calculations = await calculationClient(service, explicit);
    try {
      const firstPut = await timed(() => putConfiguration(service, world.text));
      // as a daily re-send: the same network replaces the active one, whose snapshot answers meanwhile
      const put = await calculations.during(() => timed(() => putConfiguration(service, world.text)));
      const duringPut = put.latency;
      const putMs = put.value.ms;
      const putLoad = loadAverage();
      const loads: number[] = [];
      const worst: number[] = [];
      let count = 0;
      for (let i = 0; i < 2; i++) {
        const load = await calculations.during(() => timed(() => loadConfiguration(service)));
        loads.push(load.value.ms);
        worst.push(load.latency.max);
        count += load.latency.count;
      }
      const rss = peakRssMb(service.app.child.pid ?? 0);
      const idle = await calculations.idle(median(loads));
      const broken = brokenText(world.text);
      const bad = await timed(() =>
        putConfiguration(service, broken).then(
          () => {
            throw new Error('the broken document was accepted');
          },
          (error: Error) => error.message,
        ),
      );
      if (!/ 400 /.test(bad.value) || !bad.value.includes('NO-SUCH-NODE')) throw new Error(bad.value);
      const parseMs = jsonParseMs(world.text);
      const copy = await copyMs(service.databaseUrl, world);
      const loadMs = median(loads);
      return {
        rows: [
          {
            subject: `PUT /configuration into an empty database (${world.routes} routes, ${round(world.text.length / 1e6)} MB)`,
            figures: [ms(firstPut.ms)],
          },
          {
            subject: `PUT of the same network over the active one, as a daily re-send (load avg ${putLoad})`,
            figures: [
              ms(putMs),
              {
                metric: `worst of ${duringPut.count} calculations during it`,
                value: duringPut.max,
                unit: 'ms',
              },
            ],
          },
          {
            subject: `POST /configuration/load (median of 2; load avg ${loadAverage()})`,
            figures: [
              ms(loadMs),
              { metric: `worst of ${count} calculations during them`, value: Math.max(...worst), unit: 'ms' },
            ],
          },
          {
            subject: 'peak RSS (VmHWM) over the PUT and the loads',
            figures: [{ metric: 'RSS', value: rss, unit: 'MB' }],
          },
          {
            subject: `baseline: the same calculations for as long, no load running (load avg ${loadAverage()})`,
            figures: [{ metric: 'worst calculation', value: idle.max, unit: 'ms' }],
          },
          {
            subject:
              'PUT of the same document with one unknown source and a duplicate zone code at the end (400)',
            figures: [ms(bad.ms)],
          },
          { subject: 'baseline: JSON.parse of the same document', figures: [ms(parseMs)] },
          { subject: 'baseline: COPY of the same routes, windows and stock rows', figures: [ms(copy)] },
        ],
        summary: [
          `PUT ${seconds(firstPut.ms)} s into an empty database, ${seconds(putMs)} s over the active network (target ≤ 30 s): ` +
            `${verdict(Math.max(firstPut.ms, putMs) <= 30_000)}; ${round(putMs / parseMs)} × JSON.parse, ${round(putMs / copy)} × COPY`,
          `load ${seconds(loadMs)} s (target ≤ 10 s): ${verdict(loadMs <= 10_000)}; ${round(loadMs / parseMs)} × JSON.parse, ${round(loadMs / copy)} × COPY`,
          `worst calculation during a load ${Math.max(...worst)} ms (target ≤ 100 ms): ${verdict(Math.max(...worst) <= 100)}; ${idle.max} ms with no load running`,
          `RSS ${rss} MB (target ≤ 1024 MB): ${verdict(rss <= 1024)}`,
          `bad input answered in ${seconds(bad.ms)} s, ${round(bad.ms / putMs, 2)} × the valid PUT`,
        ],
      };
    } finally {
      calculations.close();
      await service.app.stop();
    }
  },
};

export default scenario;

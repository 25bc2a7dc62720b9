/**
 * S1-growth: load time against network size (10k, 25k, 50k, 100k routes), each with its same-run baselines
 * (JSON.parse of the same document, a COPY of the same rows), to show that cost grows linearly with the network.
 */
import { type BenchResult, type BenchScenario, verdict } from './bench-scenario';
import { round } from './load';
import {
  copyMs,
  freshService,
  jsonParseMs,
  loadAverage,
  loadConfiguration,
  median,
  putConfiguration,
  timed,
  worldOf,
} from './scale-world';

const SIZES = [10_000, 25_000, 50_000, 100_000];

const scenario: BenchScenario = {
  id: 'S1-growth',
  title: 'Load time against network size',
  target: 'load time at 100k routes ≤ 12 × load time at 10k (linear, not quadratic)',
  async run(): Promise<BenchResult> {
    const rows: BenchResult['rows'] = [];
    const loadBySize: number[] = [];
    for (const size of SIZES) {
      const world = worldOf(size);
      const service = await freshService('delivery_bench_s1_growth');
      try {
        const put = await timed(() => putConfiguration(service, world.text));
        const loads: number[] = [];
        for (let i = 0; i < 3; i++) loads.push((await timed(() => loadConfiguration(service))).ms);
        const load = median(loads);
        const parse = jsonParseMs(world.text);
        const copy = await copyMs(service.databaseUrl, world);
        loadBySize.push(load);
        rows.push({
          subject: `${world.routes} routes, ${round(world.text.length / 1e6)} MB (load avg ${loadAverage()})`,
          figures: [
            { metric: 'load (median of 3)', value: round(load), unit: 'ms' },
            { metric: 'PUT', value: round(put.ms), unit: 'ms' },
            { metric: 'JSON.parse', value: round(parse), unit: 'ms' },
            { metric: 'COPY', value: round(copy), unit: 'ms' },
            { metric: 'load / JSON.parse', value: round(load / parse), unit: '' },
            { metric: 'load / COPY', value: round(load / copy), unit: '' },
          ],
        });
      } finally {
        await service.app.stop();
      }
    }
    const growth = loadBySize[loadBySize.length - 1] / loadBySize[0];
    return {
      rows,
      summary: [`load at 100k = ${round(growth, 2)} × load at 10k (target ≤ 12): ${verdict(growth <= 12)}`],
    };
  },
};

export default scenario;

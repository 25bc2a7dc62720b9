/**
 * Q1.3 in process: the capacity engine alone on the reference request (layout A, 10 items, 2 origins, a 2-leg
 * path, delivery windows, validateStock) over the demo configuration, with the counters and stock rows the
 * service would fetch. Measures planReads + calculate per request: median and p99 of single calls, and
 * calculations per second in a tight loop on one core. Baseline in the same run: JSON.parse of the request
 * body plus JSON.stringify of the response, the least any HTTP handling of the same request does. Also in the same
 * run, the request promised at a confidence (docs/learning.md): a lane model estimating both groups' lanes and
 * `calculationOptions.confidence` 0.95, against the same request without a model, each measured twice, alternately
 * (the better median of each kept).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  calculate,
  CalculateDeliveryCapacityRequest,
  CalculationData,
  Clock,
  CounterUsageRow,
  type LaneEstimateData,
  type LaneModelData,
  parseConfiguration,
  planReads,
  Snapshot,
  StockRow,
} from '@delivery/capacity-domain';
import { verdict, type BenchResult, type BenchScenario } from './bench-scenario';
import { percentileOfSorted, round } from './load';

/** The reference request's instant: 2026-11-22 12:00 in Lima. */
export const CLOCK: Clock = { now: () => new Date('2026-11-22T17:00:00Z') };
const WARM_UP = 3000;
const SAMPLES = 20000;
const LOOP_MS = 1000;

export function referenceRequest(): CalculateDeliveryCapacityRequest {
  const item = (i: number, origin: string, skuCode: string) => ({
    skuCode,
    origin,
    quantity: 1 + (i % 3),
    weight: 250 * (1 + i),
    line: String(i + 1),
  });
  return {
    identifier: 'bench-q1.3',
    purchaseDate: '2026-11-23',
    saleChannel: 'WEB',
    dispatchType: 'NORMAL',
    dispatchMode: 'HOME_DELIVERY',
    calculationOptions: { validateStock: true, dispatchCostEnabled: true },
    deliveryData: { zone: 'LIM-CENTRO', ubigeoCode: '150101', latitude: -12.0464, longitude: -77.0428 },
    // CD01 delivers in one leg, SEL01 through CD01 in two; the last leg has the AM and PM windows
    items: Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0 ? item(i, 'CD01', 'SKU-1') : item(i, 'SEL01', 'SKU-4'),
    ),
  };
}

export function demo(): { snapshot: Snapshot; stock: StockRow[] } {
  const document = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../demo/configuration.json'), 'utf8'));
  const parsed = parseConfiguration(document, { timezone: 'America/Lima' });
  if (!parsed.ok) throw new Error(`demo configuration invalid: ${JSON.stringify(parsed.errors)}`);
  return { snapshot: parsed.snapshot, stock: parsed.stock ?? [] };
}

/**
 * A lane model for the reference request: both groups' lanes, their last leg and the network (buffer 1 at 0.95), each
 * weighing its deliveries: a group's probability is pooled up three levels.
 */
export function referenceModel(): LaneModelData {
  const estimate = (level: LaneEstimateData['level'], deliveries: number): LaneEstimateData => ({
    level,
    deliveries,
    weight: deliveries,
    firstDelay: -1,
    ownByDelay: [0.05, 0.7, 0.96, 0.99],
    buffers: Array.from({ length: 50 }, (_, i) => (i < 20 ? 0 : i < 47 ? 1 : 2)),
  });
  return {
    version: 1,
    builtAt: '2026-11-22T05:00:00.000Z',
    today: '2026-11-22',
    settings: {
      halfLifeDays: 28,
      priorDeliveries: 20,
      maxBufferStepDays: 1,
      maxBufferDays: 7,
      minBufferDays: 7,
    },
    lanes: {
      'R-CD01-LIMCENTRO-N': estimate('LANE', 412),
      'R-SEL01-CD01-T > R-CD01-LIMCENTRO-N': estimate('LANE', 96),
    },
    lastLegs: { 'R-CD01-LIMCENTRO-N': estimate('LAST_LEG', 508) },
    zones: {},
    network: estimate('NETWORK', 5000),
  };
}

/** The rows the service's two queries would return: every planned counter used on its first 60 days, and stock. */
export function fetched(
  snapshot: Snapshot,
  stock: StockRow[],
  request: CalculateDeliveryCapacityRequest,
  laneModel: LaneModelData | null = null,
): CalculationData {
  const plan = planReads(snapshot, request, CLOCK, { laneModel });
  const counters: CounterUsageRow[] = [];
  for (const read of plan.counters) {
    const from = Date.parse(`${read.from}T00:00:00Z`);
    for (let day = 0; day < 60; day++) {
      counters.push({
        scope: read.scope,
        ref: read.ref,
        date: new Date(from + day * 86_400_000).toISOString().slice(0, 10),
        used: day % 7,
      });
    }
  }
  const wanted = new Set(plan.stock.map((row) => `${row.sku}|${row.node}`));
  return { counters, stock: stock.filter((row) => wanted.has(`${row.sku}|${row.node}`)), productWeights: [] };
}

export function measure(work: () => unknown): { median: number; p99: number; perSecond: number } {
  for (let i = 0; i < WARM_UP; i++) work();
  const samples = new Float64Array(SAMPLES);
  for (let i = 0; i < SAMPLES; i++) {
    const start = process.hrtime.bigint();
    work();
    samples[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  samples.sort();
  let count = 0;
  const begin = process.hrtime.bigint();
  const end = begin + BigInt(LOOP_MS) * 1_000_000n;
  while (process.hrtime.bigint() < end) {
    work();
    count++;
  }
  const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
  return {
    median: percentileOfSorted(samples, 50),
    p99: percentileOfSorted(samples, 99),
    perSecond: count / seconds,
  };
}

const scenario: BenchScenario = {
  id: 'Q1.3-engine',
  title: 'Capacity engine in process: reference request (planReads + calculate)',
  target:
    'well under 1 ms median per calculation (the engine share of Q1.3: p99 ≤ 20 ms at 200 req/s over HTTP)',
  async run(): Promise<BenchResult> {
    const loadBefore = os.loadavg()[0];
    const { snapshot, stock } = demo();
    const request = referenceRequest();
    const data = fetched(snapshot, stock, request);
    const check = calculate(snapshot, request, data, CLOCK);
    if (
      check.kind !== 'ok' ||
      check.layout !== 'A' ||
      check.response.logisticsCapacity.some((group) => group.message !== 'OK')
    ) {
      throw new Error(`reference request does not compute cleanly: ${JSON.stringify(check)}`);
    }
    const body = JSON.stringify(request);
    const response = check.response;
    const engine = measure(() => {
      planReads(snapshot, request, CLOCK);
      return calculate(snapshot, request, data, CLOCK);
    });
    const baseline = measure(
      () => JSON.stringify(response).length + ((JSON.parse(body) as object) === null ? 1 : 0),
    );
    const laneModel = referenceModel();
    const confident = {
      ...request,
      calculationOptions: { ...request.calculationOptions, confidence: 0.95 },
    };
    const confidentData = fetched(snapshot, stock, confident, laneModel);
    const buffered = calculate(snapshot, confident, confidentData, CLOCK, laneModel);
    if (
      buffered.kind !== 'ok' ||
      buffered.layout !== 'A' ||
      buffered.response.logisticsCapacity.some((group) => group.promiseConfidence?.bufferDays !== 1)
    ) {
      throw new Error(`reference request at 0.95 does not take its buffer: ${JSON.stringify(buffered)}`);
    }
    const off = (): unknown => {
      planReads(snapshot, request, CLOCK);
      return calculate(snapshot, request, data, CLOCK);
    };
    const on = (): unknown => {
      planReads(snapshot, confident, CLOCK, { laneModel });
      return calculate(snapshot, confident, confidentData, CLOCK, laneModel);
    };
    const [offFirst, onFirst, offSecond, onSecond] = [measure(off), measure(on), measure(off), measure(on)];
    const better = (a: typeof engine, b: typeof engine) => (a.median <= b.median ? a : b);
    const withoutModel = better(offFirst, offSecond);
    const withConfidence = better(onFirst, onSecond);
    const confidenceRatio = withConfidence.median / withoutModel.median;
    const figures = (m: typeof engine) => [
      { metric: 'median', value: round(m.median, 4), unit: 'ms' },
      { metric: 'p99', value: round(m.p99, 4), unit: 'ms' },
      { metric: 'throughput (one core)', value: Math.round(m.perSecond), unit: 'calculations/s' },
    ];
    return {
      rows: [
        { subject: 'engine: planReads + calculate, Q1.3 reference request', figures: figures(engine) },
        { subject: 'baseline: JSON.parse(request) + JSON.stringify(response)', figures: figures(baseline) },
        { subject: 'engine, no lane model (better of two rounds)', figures: figures(withoutModel) },
        {
          subject: 'engine, lane model + calculationOptions.confidence 0.95 (better of two rounds)',
          figures: figures(withConfidence),
        },
      ],
      summary: [
        `median ${round(engine.median, 4)} ms, p99 ${round(engine.p99, 4)} ms (target: well under 1 ms median): ${engine.median < 1 ? 'met' : 'not met'}`,
        `engine / JSON baseline median ratio ${round(engine.median / baseline.median, 2)}`,
        `promising at a confidence / no lane model, median ratio ${round(confidenceRatio, 3)} (target ≤ 1.05): ${verdict(confidenceRatio <= 1.05)}`,
        `machine during the measurements: 1-minute load average ${round(loadBefore, 2)} → ${round(os.loadavg()[0], 2)} on ${os.cpus().length} CPUs`,
      ],
    };
  },
};

export default scenario;

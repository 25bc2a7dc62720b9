/**
 * docs/algorithm.md, "A far range": the engine (planReads + calculate, in process) on one request with
 * `rangeStart` ten years after its purchase date against the same request without a range. The date search jumps
 * whole weeks past the calendars' last irregular day, so the ratio stays near 1 instead of growing with the
 * distance. The demo world by default; `BENCH_WORLD=national` runs it on the generated national network (16,160
 * routes, its `explicitOrigins` request) instead.
 */
import {
  calculate,
  CalculateDeliveryCapacityRequest,
  CalculationData,
  parseConfiguration,
  planReads,
  Snapshot,
} from '@delivery/capacity-domain';
import { generateNetwork, NATIONAL } from '../network/network.generator';
import { type BenchScenario, verdict } from './bench-scenario';
import { demo, fetched, measure, referenceRequest } from './engine.bench';
import { round } from './load';

const CLOCK = { now: () => new Date('2026-11-22T17:00:00Z') };
const TEN_YEARS_DAYS = 3652;

interface Subject {
  world: string;
  snapshot: Snapshot;
  request: CalculateDeliveryCapacityRequest;
  data: (request: CalculateDeliveryCapacityRequest) => CalculationData;
}

function subject(): Subject {
  if (process.env.BENCH_WORLD === 'national') {
    const network = generateNetwork(NATIONAL);
    const parsed = parseConfiguration(network.document, { timezone: 'America/Lima' });
    if (!parsed.ok)
      throw new Error(`national network invalid: ${JSON.stringify(parsed.errors).slice(0, 500)}`);
    const stock = parsed.stock ?? [];
    return {
      world: `national network (${network.document.routes.length} routes)`,
      snapshot: parsed.snapshot,
      request: network.requests.explicitOrigins as unknown as CalculateDeliveryCapacityRequest,
      data: (request) => fetched(parsed.snapshot, stock, request),
    };
  }
  const { snapshot, stock } = demo();
  return {
    world: 'demo world',
    snapshot,
    request: referenceRequest(),
    data: (request) => fetched(snapshot, stock, request),
  };
}

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const scenario: BenchScenario = {
  id: 'S-far-range',
  title: 'a calculation with rangeStart ten years ahead against the same without a range',
  target: 'ratio of medians ≤ 2',
  async run() {
    const { world, snapshot, request, data } = subject();
    const far: CalculateDeliveryCapacityRequest = {
      ...request,
      calculationOptions: {
        ...request.calculationOptions,
        rangeStart: plusDays(request.purchaseDate, TEN_YEARS_DAYS),
      },
    };
    const timed = (r: CalculateDeliveryCapacityRequest) => {
      const rows = data(r);
      const outcome = calculate(snapshot, r, rows, CLOCK);
      if (outcome.kind !== 'ok') throw new Error(`the request does not compute: ${JSON.stringify(outcome)}`);
      return measure(() => {
        planReads(snapshot, r, CLOCK);
        return calculate(snapshot, r, rows, CLOCK);
      });
    };
    const near = timed(request);
    const farFigures = timed(far);
    const ratio = farFigures.median / near.median;
    const figures = (m: typeof near) => [
      { metric: 'median', value: round(m.median, 4), unit: 'ms' },
      { metric: 'p99', value: round(m.p99, 4), unit: 'ms' },
    ];
    return {
      rows: [
        { subject: `${world}: no range`, figures: figures(near) },
        {
          subject: `${world}: rangeStart = purchase date + ${TEN_YEARS_DAYS} days`,
          figures: figures(farFigures),
        },
      ],
      summary: [
        `${world}: median ratio far / no range ${round(ratio, 2)} (target ≤ 2): ${verdict(ratio <= 2)}`,
      ],
    };
  },
};

export default scenario;

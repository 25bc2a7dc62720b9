/**
 * S1-risks: the preview's reservation check at national scale (docs/reservations.md, "When a change breaks a
 * reservation"), on capacity-service as deployed: RISK_RESERVATIONS (default 100,000) HELD reservations spread over
 * the routes of the 16k world, written straight into `capacity_reservations`, then the preview of a holiday at every
 * CD on one departure day, with the worst calculation latency while it runs (calculations sent back to back) and the
 * service's longest event-loop delay. Baseline in the same run and under the same calculations: a PUT of the same
 * document. World size: RISK_ROUTES (default the national world, 16,160 routes); both smaller only to check the
 * scenario runs.
 */
import { Client } from 'pg';
import { type BenchResult, type BenchScenario, verdict } from './bench-scenario';
import { scrape } from './bench-services';
import { round } from './load';
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

const WEEKDAYS = ['DOM', 'LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB'];
const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

interface RouteRow {
  code: string;
  source: string;
  mode: string;
  daysOfWeek: string[];
  leadTimeDays: number;
  targetZone?: string;
  targetNode?: string;
  deliveryWindows?: { code: string }[];
}

/**
 * Reservations whose plans depart on each route's first departure day from the day after tomorrow: picked the day
 * before, delivered after the lead time, in its first window.
 */
function reservationsOf(world: World, count: number, request: unknown): unknown[] {
  const routes = world.network.document.routes as unknown as RouteRow[];
  const start =
    Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + 2 * DAY_MS;
  const rows: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const route = routes[i % routes.length];
    let departs = start;
    while (!route.daysOfWeek.includes(WEEKDAYS[new Date(departs).getUTCDay()])) departs += DAY_MS;
    const delivered = isoDay(departs + route.leadTimeDays * DAY_MS);
    const window = route.deliveryWindows?.[0]?.code ?? null;
    const plan = [
      { scope: 'PICKING', ref: route.source, date: isoDay(departs - DAY_MS), units: 1, unlimited: false },
      { scope: 'DISPATCH', ref: route.code, date: isoDay(departs), units: 1, unlimited: false },
      ...(window === null
        ? []
        : [{ scope: 'WINDOW', ref: `${route.code}:${window}`, date: delivered, units: 1, unlimited: false }]),
    ];
    rows.push({
      identifier: `bench-${i}`,
      selections: [
        {
          origin: route.source,
          dispatchMode: route.mode,
          destination: route.targetZone ?? route.targetNode,
          deliveryDate: delivered,
          deliveryWindow: window,
          plan,
        },
      ],
      request,
    });
  }
  return rows;
}

/** The document with a holiday at every CD on the first departure day the reservations use. */
function holidayAtEveryCd(world: World): { text: string; day: string } {
  const document = JSON.parse(world.text) as { nodes: { type: string; holidays?: string[] }[] };
  const day = isoDay(
    Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + 2 * 86_400_000,
  );
  for (const node of document.nodes) if (node.type === 'CD') node.holidays = [...(node.holidays ?? []), day];
  return { text: JSON.stringify(document), day };
}

async function insertReservations(databaseUrl: string, rows: unknown[]): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let start = 0; start < rows.length; start += 5000) {
      await client.query(
        `INSERT INTO capacity_reservations
           (identifier, body_hash, status, created_at, hold_expires_at, selections, taken, request)
         SELECT r.identifier, 'bench', 'HELD', now(), now() + interval '8 hours', r.selections, '[]', r.request
         FROM jsonb_to_recordset($1::jsonb) AS r(identifier text, selections jsonb, request jsonb)`,
        [JSON.stringify(rows.slice(start, start + 5000))],
      );
    }
  } finally {
    await client.end();
  }
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
    try {
      await putConfiguration(service, world.text); // version 1
      await insertReservations(
        service.databaseUrl,
        reservationsOf(world, count, world.network.requests.explicitOrigins),
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

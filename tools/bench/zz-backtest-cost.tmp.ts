import { NO_DATA, parseConfiguration, type RecordedPromise } from '@delivery/capacity-domain';
import { MetricsService } from '@delivery/platform';
import { CapacityCalculator, ActiveConfiguration, CapacityMetrics, PromiseBacktest } from './zz-imports.tmp';
import { worldOf } from './scale-world';
const N = Number(process.argv[2] ?? 20000);
const world = worldOf(Number(process.argv[3] ?? 2000));
const built = parseConfiguration(JSON.parse(world.text), { timezone: 'America/Lima' });
if (!built.ok) throw new Error('invalid');
const snapshot = built.snapshot;
const home = (world.network.document.routes as any[]).filter((r) => r.mode === 'HOME_DELIVERY' && r.targetZone);
const DAY = 86_400_000;
const first = Date.UTC(2026, 9, 30);
const rows: string[] = [];
for (let i = 0; i < N; i++) {
  const route = home[i % home.length];
  const at = new Date(first + (i % 28) * DAY + 15 * 3_600_000 + i * 1000);
  rows.push(JSON.stringify({ identifier: `b-${i}`, selection: 0, origin: route.source, dispatchMode: 'HOME_DELIVERY', destination: route.targetZone, lane: route.code, promisedDate: new Date(at.getTime() + 3 * DAY).toISOString().slice(0, 10), state: 'DELIVERED', deliveredDate: new Date(at.getTime() + 3 * DAY).toISOString().slice(0, 10), reservedAt: at.toISOString(), request: { purchaseDate: at.toISOString().slice(0, 10), saleChannel: 'WEB', dispatchType: route.dispatchTypes[0], dispatchMode: 'HOME_DELIVERY', calculationOptions: { validateStock: true }, deliveryData: { zone: route.targetZone }, items: [{ skuCode: 'SKU-000001', quantity: 1, weight: 1000, origin: route.source }] } }));
}
const port = { async eachRecorded(_f: Date, _u: Date, _d: string, visit: (b: RecordedPromise[]) => Promise<void>) {
  for (let s = 0; s < rows.length; s += 1000) await visit(rows.slice(s, s + 1000).map((r) => { const o = JSON.parse(r); o.reservedAt = new Date(o.reservedAt); return o; }));
} };
const active = new ActiveConfiguration(new CapacityMetrics(new MetricsService()));
active.offer({ version: 1, loadedAt: null, snapshot });
const calculator = new CapacityCalculator(active, { read: async () => NO_DATA }, new CapacityMetrics(new MetricsService()), { now: () => new Date() });
(async () => {
  const t0 = process.cpuUsage(); const w0 = performance.now();
  const result = await new PromiseBacktest(port as any, calculator).run(snapshot, { from: '2026-10-30', to: '2026-11-26' }, 100);
  const used = process.cpuUsage(t0);
  console.log(`${N} promises: ${((used.user + used.system) / N).toFixed(1)} µs CPU each, wall ${(performance.now() - w0).toFixed(0)} ms; ${result.totalLanes} lanes, later ${result.total.moved.later}`);
})();

import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './rendered-manifests';
import { knownMetrics, labelsIn, metricsIn, registeredInCode, SCRAPE_LABELS } from './registered-metrics';

/**
 * k8s/observability/grafana-dashboard.json queries only metrics the apps register (registered-metrics.ts), grouped
 * and filtered by the labels they declare or the Prometheus scrape adds; docs/operations.md describes each of them.
 */
interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}
const dashboard = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'k8s/observability/grafana-dashboard.json'), 'utf8'),
) as { panels: Panel[]; templating: { list: { definition?: string }[] } };

const queries = (): string[] => [
  ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
  ...dashboard.templating.list.flatMap((variable) => (variable.definition ? [variable.definition] : [])),
];

describe('k8s/observability/grafana-dashboard.json', () => {
  it('has panels for requests, calculation, reservations, promises kept, the product pipeline and the runtime, each with a query', () => {
    const titles = dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title);
    expect(titles).toEqual([
      'HTTP (capacity-service, product-upload-service)',
      'Capacity calculation',
      'Reservations',
      'Capacity usage',
      'Delivery promises kept',
      'Product pipeline',
      'Runtime (every app)',
    ]);
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row'))
      expect([panel.title, (panel.targets ?? []).length > 0]).toEqual([panel.title, true]);
  });

  it('queries only metrics registered in the code or prom-client defaults', async () => {
    const known = await knownMetrics();
    const used = [...new Set(queries().flatMap(metricsIn))].sort();
    expect(used.length).toBeGreaterThanOrEqual(15);
    expect(used.filter((name) => !known.has(name))).toEqual([]);
    // the search sees every helper, with its labels
    expect(registeredInCode().get('http_request_duration_seconds')).toEqual(['method', 'route', 'status']);
    expect(registeredInCode().get('product_ingest_queue_depth')).toEqual(['queue']);
    expect(registeredInCode().get('rabbitmq_connection_up')).toEqual([]);
    expect(registeredInCode().get('capacity_reservations_expired_total')).toEqual([]); // help text in "…"
  });

  it('groups and filters only by labels those metrics declare or the scrape adds', async () => {
    const known = await knownMetrics();
    for (const expr of queries()) {
      const allowed = new Set([
        ...SCRAPE_LABELS,
        ...metricsIn(expr).flatMap((name) => known.get(name) ?? []),
      ]);
      expect([expr, labelsIn(expr).filter((label) => !allowed.has(label))]).toEqual([expr, []]);
    }
  });

  it('every metric it reads is described in docs/operations.md', () => {
    const docs = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const used = [...new Set(queries().flatMap(metricsIn))];
    expect(used.filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
  });
});

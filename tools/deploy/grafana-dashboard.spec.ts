import fs from 'node:fs';
import path from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { ROOT } from './rendered-manifests';

/**
 * k8s/observability/grafana-dashboard.json queries only metrics the apps register (found in the code: the first
 * argument of MetricsService's `histogram(` / `counter(` / `gauge(`, or prom-client's default metrics), with the
 * labels they declare, plus the labels the Prometheus scrape adds. PENDING lists the names the dashboard already
 * uses from design/operations.md O1 that the product pipeline registers as it lands; docs/operations.md lists
 * every metric the dashboard reads.
 */
const PENDING: Record<string, string[]> = {
  product_upload_products: [],
  product_publish_confirm_duration_seconds: ['outcome'],
  product_ingest_batch_duration_seconds: ['outcome'],
  product_ingest_products_total: ['result'],
  product_ingest_retries_total: [],
  product_ingest_dead_letters_total: [],
  product_ingest_queue_depth: [],
  // capacity-service's own metrics, registered by its calculation and configuration work
  capacity_calculation_duration_seconds: ['layout', 'outcome'],
  capacity_counter_read_duration_seconds: [],
  capacity_groups_computed_total: ['layout'],
  capacity_delivery_dates_computed_total: ['layout'],
  capacity_configuration_version: [],
};
/** Added by the Kubernetes scrape (namespace, pod) and by histograms (le). */
const SCRAPE_LABELS = ['namespace', 'pod', 'le'];

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}
const dashboard = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'k8s/observability/grafana-dashboard.json'), 'utf8'),
) as { panels: Panel[]; templating: { list: { definition?: string }[] } };

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/spec\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Metric name → label names, for every metric registered through MetricsService in apps/ and libs/. */
function registeredInCode(): Map<string, string[]> {
  const registered = new Map<string, string[]>();
  const call =
    /\.(?:histogram|counter|gauge)\(\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'\s*,\s*'(?:[^'\\]|\\.)*'\s*(?:,\s*\[([^\]]*)\])?/g;
  for (const file of [...sourceFiles(path.join(ROOT, 'apps')), ...sourceFiles(path.join(ROOT, 'libs'))]) {
    for (const [, name, labels] of fs.readFileSync(file, 'utf8').matchAll(call))
      registered.set(
        name,
        [...(labels ?? '').matchAll(/'([^']+)'/g)].map(([, label]) => label),
      );
  }
  return registered;
}

async function defaultMetrics(): Promise<Map<string, string[]>> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = await registry.getMetricsAsJSON();
  return new Map(metrics.map((metric) => [metric.name, []]));
}

const queries = (): string[] => [
  ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
  ...dashboard.templating.list.flatMap((variable) => (variable.definition ? [variable.definition] : [])),
];

/** Metric names a PromQL expression reads (histogram series mapped to their histogram). */
function metricsIn(expr: string): string[] {
  const withoutGrouping = expr.replace(/\bby \([^)]*\)/g, '');
  return [...withoutGrouping.matchAll(/\b([a-z_:][a-z0-9_:]*)(?=[{[),])/g)]
    .map(([, name]) => name)
    .filter((name) => !SCRAPE_LABELS.includes(name))
    .map((name) => name.replace(/_(bucket|sum|count)$/, ''));
}

/** Label names an expression groups by or matches on. */
function labelsIn(expr: string): string[] {
  const grouped = [...expr.matchAll(/\bby \(([^)]*)\)/g)].flatMap(([, list]) => list.split(','));
  const matched = [...expr.matchAll(/\{([^}]*)\}/g)].flatMap(([, selector]) =>
    [...selector.matchAll(/([a-z_]+)\s*(?:=~|!=|!~|=)/g)].map(([, label]) => label),
  );
  return [...grouped, ...matched].map((label) => label.trim()).filter((label) => label !== '');
}

describe('k8s/observability/grafana-dashboard.json', () => {
  it('has panels for requests, calculation, the product pipeline and the runtime, each with a query', () => {
    const titles = dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title);
    expect(titles).toEqual([
      'HTTP (capacity-service, product-upload-service)',
      'Capacity calculation',
      'Product pipeline',
      'Runtime (every app)',
    ]);
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row'))
      expect([panel.title, (panel.targets ?? []).length > 0]).toEqual([panel.title, true]);
  });

  it('queries only metrics registered in the code, prom-client defaults or the pending list', async () => {
    const known = new Map([...Object.entries(PENDING), ...(await defaultMetrics()), ...registeredInCode()]);
    const used = [...new Set(queries().flatMap(metricsIn))].sort();
    expect(used.length).toBeGreaterThanOrEqual(15);
    expect(used.filter((name) => !known.has(name))).toEqual([]);
    expect(registeredInCode().get('http_request_duration_seconds')).toEqual(['method', 'route', 'status']);
  });

  it('groups and filters only by labels those metrics declare or the scrape adds', async () => {
    const known = new Map([...Object.entries(PENDING), ...(await defaultMetrics()), ...registeredInCode()]);
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

import fs from 'node:fs';
import path from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { ROOT } from './rendered-manifests';

/**
 * k8s/observability/grafana-dashboard.json queries only metrics the apps register (found in the code: the first
 * argument of MetricsService's `histogram(` / `counter(` / `gauge(`, or the `name` of a prom-client metric built
 * directly, or prom-client's default metrics), grouped and filtered by the labels they declare or the
 * Prometheus scrape adds; docs/operations.md describes each of them.
 */
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

/** Metric name → label names, for every metric registered in apps/ and libs/. */
function registeredInCode(): Map<string, string[]> {
  const registered = new Map<string, string[]>();
  const labelsOf = (list: string | undefined) =>
    [...(list ?? '').matchAll(/'([^']+)'/g)].map(([, label]) => label);
  const helper =
    /\.(?:histogram|counter|gauge)\(\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'\s*,\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*(?:,\s*\[([^\]]*)\])?/g;
  const direct =
    /new (?:Histogram|Counter|Gauge|Summary)(?:<[^>]*>)?\(\{\s*name:\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'([^}]*)/g;
  for (const file of [...sourceFiles(path.join(ROOT, 'apps')), ...sourceFiles(path.join(ROOT, 'libs'))]) {
    const code = fs.readFileSync(file, 'utf8');
    for (const [, name, labels] of code.matchAll(helper)) registered.set(name, labelsOf(labels));
    for (const [, name, rest] of code.matchAll(direct))
      registered.set(name, labelsOf(/labelNames:\s*\[([^\]]*)\]/.exec(rest)?.[1]));
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
  it('has panels for requests, calculation, reservations, the product pipeline and the runtime, each with a query', () => {
    const titles = dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title);
    expect(titles).toEqual([
      'HTTP (capacity-service, product-upload-service)',
      'Capacity calculation',
      'Reservations',
      'Product pipeline',
      'Runtime (every app)',
    ]);
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row'))
      expect([panel.title, (panel.targets ?? []).length > 0]).toEqual([panel.title, true]);
  });

  it('queries only metrics registered in the code or prom-client defaults', async () => {
    const known = new Map([...(await defaultMetrics()), ...registeredInCode()]);
    const used = [...new Set(queries().flatMap(metricsIn))].sort();
    expect(used.length).toBeGreaterThanOrEqual(15);
    expect(used.filter((name) => !known.has(name))).toEqual([]);
    // the search sees both ways of registering a metric
    expect(registeredInCode().get('http_request_duration_seconds')).toEqual(['method', 'route', 'status']);
    expect(registeredInCode().get('product_ingest_queue_depth')).toEqual([]);
    expect(registeredInCode().get('capacity_reservations_expired_total')).toEqual([]); // help text in "…"
  });

  it('groups and filters only by labels those metrics declare or the scrape adds', async () => {
    const known = new Map([...(await defaultMetrics()), ...registeredInCode()]);
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

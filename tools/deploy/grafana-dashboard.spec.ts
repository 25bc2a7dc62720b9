import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
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

/**
 * The metrics the apps register that neither a panel nor an alert reads, each with the reason: every other one is
 * seen (kube-prometheus' rule of a panel or an alert for every component's metrics).
 */
const NOT_SHOWN: Record<string, string> = {
  process_cpu_user_seconds_total:
    'the CPU panel shows user and system time together (process_cpu_seconds_total)',
  process_cpu_system_seconds_total:
    'the CPU panel shows user and system time together (process_cpu_seconds_total)',
  process_start_time_seconds: 'restarts show as kube_pod_container_status_restarts_total of the cluster',
  process_virtual_memory_bytes: 'virtual memory is not a limit the pods run into; resident memory is shown',
  process_heap_bytes: 'the V8 heap in use is shown (nodejs_heap_size_used_bytes)',
  nodejs_eventloop_lag_seconds: 'the event loop panel shows the p99 of the same sampling',
  nodejs_eventloop_lag_min_seconds: 'the event loop panel shows the p99 of the same sampling',
  nodejs_eventloop_lag_max_seconds: 'the event loop panel shows the p99 of the same sampling',
  nodejs_eventloop_lag_mean_seconds: 'the event loop panel shows the p99 of the same sampling',
  nodejs_eventloop_lag_stddev_seconds: 'the event loop panel shows the p99 of the same sampling',
  nodejs_eventloop_lag_p50_seconds: 'the event loop panel shows the p99 of the same sampling',
  nodejs_eventloop_lag_p90_seconds: 'the event loop panel shows the p99 of the same sampling',
  nodejs_active_resources: 'open handles show as file descriptors (process_open_fds)',
  nodejs_active_resources_total: 'open handles show as file descriptors (process_open_fds)',
  nodejs_active_handles: 'open handles show as file descriptors (process_open_fds)',
  nodejs_active_handles_total: 'open handles show as file descriptors (process_open_fds)',
  nodejs_active_requests: 'libuv requests in flight: a debugging figure, read on the pod',
  nodejs_active_requests_total: 'libuv requests in flight: a debugging figure, read on the pod',
  nodejs_heap_size_total_bytes:
    'the heap in use and resident memory are shown; the reserved heap lies between them',
  nodejs_external_memory_bytes: 'part of resident memory, which is shown',
  nodejs_heap_space_size_total_bytes:
    'per V8 space: a debugging figure behind the heap in use, read on the pod',
  nodejs_heap_space_size_used_bytes:
    'per V8 space: a debugging figure behind the heap in use, read on the pod',
  nodejs_heap_space_size_available_bytes:
    'per V8 space: a debugging figure behind the heap in use, read on the pod',
  nodejs_version_info: 'build_info carries the Node.js version (node_version), shown under "Builds running"',
};

/** The expressions of every alert and recording rule under k8s/base. */
const ruleExpressions = (): string[] =>
  ['prometheus-rule.yaml', 'slo-rules.yaml'].flatMap((file) =>
    parseAllDocuments(fs.readFileSync(path.join(ROOT, 'k8s/base', file), 'utf8')).flatMap((document) =>
      (document.toJS() as { spec: { groups: { rules: { expr: string }[] }[] } }).spec.groups.flatMap(
        (group) => group.rules.map((rule) => rule.expr),
      ),
    ),
  );

/** Registered metrics no panel or rule reads and NOT_SHOWN does not explain. */
async function unseen(panelQueries: string[], notShown: Record<string, string>): Promise<string[]> {
  const seen = new Set([...panelQueries, ...ruleExpressions()].flatMap(metricsIn));
  return [...(await knownMetrics()).keys()].filter((name) => !seen.has(name) && !(name in notShown));
}

describe('k8s/observability/grafana-dashboard.json', () => {
  it('with the alerts, shows every metric the apps register, or NOT_SHOWN says why not', async () => {
    expect(await unseen(queries(), NOT_SHOWN)).toEqual([]);
    // NOT_SHOWN names only registered metrics that are indeed not shown
    const known = await knownMetrics();
    const seen = new Set([...queries(), ...ruleExpressions()].flatMap(metricsIn));
    expect(Object.keys(NOT_SHOWN).filter((name) => !known.has(name) || seen.has(name))).toEqual([]);
  });

  it('would catch a registered metric nothing shows', async () => {
    const withoutPools = queries().filter((expr) => !expr.includes('pg_pool_'));
    expect(await unseen(withoutPools, NOT_SHOWN)).toEqual([
      'pg_pool_total_connections',
      'pg_pool_idle_connections',
    ]);
    const { nodejs_version_info: _explained, ...withoutReason } = NOT_SHOWN;
    expect(await unseen(queries(), withoutReason)).toEqual(['nodejs_version_info']);
  });

  it('has panels for requests, calculation, reservations, promises kept, the lane model, the product pipeline and the runtime, each with a query', () => {
    const titles = dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title);
    expect(titles).toEqual([
      'HTTP (capacity-service, product-upload-service)',
      'Capacity calculation',
      'Reservations',
      'Capacity usage',
      'Delivery promises kept',
      'Lane model and calibration',
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

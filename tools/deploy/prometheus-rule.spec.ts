import fs from 'node:fs';
import path from 'node:path';
import { find, renderOverlay, ROOT } from './rendered-manifests';
import { knownMetrics, labelsIn, metricsIn, registeredInCode, SCRAPE_LABELS } from './registered-metrics';

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string; runbook_url: string };
}
const rules = (): Rule[] =>
  (
    find(renderOverlay('prod'), 'PrometheusRule', 'delivery-promise').spec.groups as { rules: Rule[] }[]
  ).flatMap((group) => group.rules);

/** A gauge holding when something was last refreshed (Unix time), which goes stale when the refresh stops. */
const isRefreshedAt = (metric: string) => /_refreshed_timestamp_seconds$/.test(metric);

/** The "refreshed at" gauges no rule compares with `time()`. */
function staleGaugesUnwatched(watching: Rule[]): string[] {
  const watched = new Set(
    watching.filter((rule) => /\btime\(\)\s*-/.test(rule.expr)).flatMap((rule) => metricsIn(rule.expr)),
  );
  return [...registeredInCode().keys()].filter((metric) => isRefreshedAt(metric) && !watched.has(metric));
}

/** k8s/base/prometheus-rule.yaml: the alerts docs/operations.md promises, on metrics the code registers. */
describe('the alert rules', () => {
  it('are the alerts docs/operations.md lists, each with a severity and a runbook hint', () => {
    const docs = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const listed = [...docs.matchAll(/^\| `(Delivery\w+)`/gm)].map(([, name]) => name);
    expect(rules().map((rule) => rule.alert)).toEqual(listed);
    expect(listed).toEqual([
      'DeliveryHighErrorRate',
      'DeliveryCapacitySlow',
      'DeliveryPodNotReady',
      'DeliveryConfigurationDiverged',
      'DeliveryDispatchFullTomorrow',
      'DeliveryReservationsAtRiskTomorrow',
      'DeliveryCapacityUsageStale',
      'DeliveryDeadLetters',
      'DeliveryDeadLetterQueueNotEmpty',
      'DeliveryIngestBacklogGrowing',
      'DeliveryOnTimeRateLow',
      'DeliveryPromiseCalibrationOff',
      'DeliveryLaneModelStale',
      'DeliveryOutcomeDeadLetters',
      'DeliveryBrokerDisconnected',
      'DeliveryDatabasePoolSaturated',
      'DeliveryLimitsStoreDown',
    ]);
    for (const rule of rules()) {
      expect([rule.alert, ['critical', 'warning', 'info'].includes(rule.labels.severity)]).toEqual([
        rule.alert,
        true,
      ]);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
    }
  });

  it('each point runbook_url at its own section of docs/operations.md', () => {
    const docs = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const sections = new Set([...docs.matchAll(/^#{2,4} (.+)$/gm)].map(([, title]) => title.toLowerCase()));
    for (const rule of rules()) {
      const url = new URL(rule.annotations.runbook_url);
      expect([rule.alert, url.pathname.endsWith('/docs/operations.md'), url.hash]).toEqual([
        rule.alert,
        true,
        `#${rule.alert.toLowerCase()}`,
      ]);
      expect([rule.alert, sections.has(rule.alert.toLowerCase())]).toEqual([rule.alert, true]);
    }
  });

  it('read only metrics the apps register, by labels they declare or the scrape adds', async () => {
    const known = await knownMetrics();
    for (const rule of rules()) {
      const metrics = metricsIn(rule.expr);
      expect([rule.alert, metrics.length > 0]).toEqual([rule.alert, true]);
      expect([rule.alert, metrics.filter((name) => !known.has(name))]).toEqual([rule.alert, []]);
      const allowed = new Set([...SCRAPE_LABELS, ...metrics.flatMap((name) => known.get(name) ?? [])]);
      expect([rule.alert, labelsIn(rule.expr).filter((label) => !allowed.has(label))]).toEqual([
        rule.alert,
        [],
      ]);
    }
  });

  it('would catch an alert on a metric no app registers, or on a label it does not have', async () => {
    const known = await knownMetrics();
    const expr = 'sum by (namespace, queue) (rate(product_ingest_failures_total{reason="x"}[5m])) > 0';
    expect(metricsIn(expr).filter((name) => !known.has(name))).toEqual(['product_ingest_failures_total']);
    expect(metricsIn('max by (namespace) (rabbitmq_connection_up) == 0')).toEqual(['rabbitmq_connection_up']);
    const labels = labelsIn('sum by (namespace, queue) (product_ingest_retries_total) > 0');
    expect(
      labels.filter(
        (label) =>
          !SCRAPE_LABELS.includes(label) && !known.get('product_ingest_retries_total')?.includes(label),
      ),
    ).toEqual(['queue']);
  });

  it('watch every "refreshed at" gauge the apps register for staleness', () => {
    expect(staleGaugesUnwatched(rules())).toEqual([]);
    expect([...registeredInCode().keys()].filter(isRefreshedAt)).toEqual([
      'capacity_usage_refreshed_timestamp_seconds',
    ]);
  });

  it('would catch a "refreshed at" gauge without its staleness alert', () => {
    const withoutIt = rules().filter((rule) => rule.alert !== 'DeliveryCapacityUsageStale');
    expect(staleGaugesUnwatched(withoutIt)).toEqual(['capacity_usage_refreshed_timestamp_seconds']);
  });

  it('alert on the documented thresholds', () => {
    const byName = new Map(rules().map((rule) => [rule.alert, rule]));
    expect(byName.get('DeliveryHighErrorRate')).toMatchObject({
      for: '5m',
      expr: expect.stringMatching(/> 0\.01\s*$/),
    });
    expect(byName.get('DeliveryCapacitySlow')).toMatchObject({
      for: '10m',
      expr: expect.stringMatching(
        /histogram_quantile\(0\.99,.*route="\/capacity\/v1\/delivery\/capacity".*> 0\.02\s*$/,
      ),
    });
    expect(byName.get('DeliveryConfigurationDiverged')?.for).toBe('1m');
    expect(byName.get('DeliveryIngestBacklogGrowing')?.for).toBe('15m');
    expect(byName.get('DeliveryReservationsAtRiskTomorrow')?.expr).toMatch(
      /capacity_reservations_at_risk\{day_offset="1"\}\) > 0\s*$/,
    );
    expect(byName.get('DeliveryOnTimeRateLow')).toMatchObject({
      for: '1h',
      expr: expect.stringMatching(
        /min by \(namespace, origin\) \(delivery_on_time_rate_7d\)\s*< on \(namespace\) group_left max by \(namespace\) \(delivery_on_time_target\)\s*$/,
      ),
    });
    expect(byName.get('DeliveryPromiseCalibrationOff')).toMatchObject({
      for: '1h',
      expr: expect.stringMatching(
        /max by \(namespace, bucket\) \(promise_calibration_error\)\s*> on \(namespace\) group_left max by \(namespace\) \(promise_calibration_error_limit\)\s*$/,
      ),
    });
    expect(byName.get('DeliveryLaneModelStale')).toMatchObject({
      for: '1h',
      expr: expect.stringMatching(/max by \(namespace\) \(lane_model_age_seconds\) > 129600\s*$/),
    });
    expect(byName.get('DeliveryDispatchFullTomorrow')).toMatchObject({
      for: '10m',
      expr: expect.stringMatching(
        /utilization="1"\}\)\s*\/ max by \(namespace\) \(capacity_usage_counters\{scope="DISPATCH", day_offset="1"\}\)\s*> on \(namespace\) max by \(namespace\) \(capacity_usage_full_dispatch_alert_share\)\s*$/,
      ),
    });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { find, renderOverlay, ROOT } from './rendered-manifests';
import { knownMetrics, labelsIn, metricsIn, SCRAPE_LABELS } from './registered-metrics';
import { readSloFile, recordName, SLO_RULES_FILE, sloRules, sloRulesText, type SloFile } from './slo-rules';

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  labels: Record<string, string>;
  annotations?: { runbook_url: string };
}
const rulesOf = (file: SloFile): Rule[] => sloRules(file).spec.groups.flatMap((group) => group.rules);

/** The metrics an objective's rules read that no app registers (recorded `slo:` series are the file's own). */
async function unknownMetrics(file: SloFile): Promise<string[]> {
  const known = await knownMetrics();
  const recorded = new Set(rulesOf(file).flatMap((rule) => (rule.record ? [rule.record] : [])));
  return rulesOf(file)
    .flatMap((rule) => metricsIn(rule.expr))
    .filter((name) => !known.has(name) && !recorded.has(name));
}

/** k8s/observability/slos.yaml → k8s/base/slo-rules.yaml (`npm run slo-rules`). */
describe('the SLO rules', () => {
  it('are what `npm run slo-rules` generates from the SLO file', () => {
    const committed = fs.readFileSync(path.join(ROOT, SLO_RULES_FILE), 'utf8');
    expect(committed).toBe(sloRulesText());
  });

  it('are applied with the overlays', () => {
    const applied = find(renderOverlay('prod'), 'PrometheusRule', 'delivery-promise-slos');
    expect(applied.spec).toEqual(sloRules(readSloFile()).spec);
  });

  it('are the objectives docs/operations.md lists, each an alert with a fast and a slow burn and a runbook section', () => {
    const docs = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const listed = [...docs.matchAll(/^\| `([a-z-]+)` +\| `(Delivery\w+)`/gm)].map(([, slo, alert]) => [
      slo,
      alert,
    ]);
    const { objectives } = readSloFile();
    expect(objectives.map((o) => [o.name, o.alert])).toEqual(listed);
    expect(objectives.map((o) => o.name)).toEqual([
      'calculation-availability',
      'calculation-latency',
      'reservation-success',
      'upload-acceptance',
      'outcome-ingestion-freshness',
    ]);
    const sections = new Set([...docs.matchAll(/^#{2,4} (.+)$/gm)].map(([, title]) => title.toLowerCase()));
    for (const { alert } of objectives) {
      const rules = rulesOf(readSloFile()).filter((rule) => rule.alert === alert);
      expect([alert, rules.map((rule) => [rule.labels.severity, rule.labels.burn])]).toEqual([
        alert,
        [
          ['critical', 'fast'],
          ['warning', 'slow'],
        ],
      ]);
      expect([alert, sections.has(alert.toLowerCase())]).toEqual([alert, true]);
      for (const rule of rules)
        expect(rule.annotations?.runbook_url).toMatch(`operations.md#${alert.toLowerCase()}`);
    }
  });

  it('page on 14.4× over 1 h and 5 min or 6× over 6 h and 30 min, ticket on 3× over 1 d and 2 h or 1× over 3 d and 6 h', () => {
    const alerts = rulesOf(readSloFile()).filter(
      (rule) => rule.alert === 'DeliveryCalculationErrorBudgetBurn',
    );
    const ratio = (window: string) => `slo:sli_error:ratio_rate${window}{slo="calculation-availability"}`;
    expect(alerts.map((rule) => rule.expr)).toEqual([
      `(${ratio('1h')} > 0.0144 and ${ratio('5m')} > 0.0144) or (${ratio('6h')} > 0.006 and ${ratio('30m')} > 0.006)`,
      `(${ratio('1d')} > 0.003 and ${ratio('2h')} > 0.003) or (${ratio('3d')} > 0.001 and ${ratio('6h')} > 0.001)`,
    ]);
    const recorded = rulesOf(readSloFile()).filter(
      (rule) => rule.record === recordName('1h') && rule.labels.slo === 'upload-acceptance',
    );
    expect(recorded.map((rule) => rule.expr)).toEqual([
      'sum by (namespace) (rate(product_uploads_total{outcome="publish_failed"}[1h])) / sum by (namespace) (rate(product_uploads_total[1h]))',
    ]);
  });

  it('read only metrics the apps register, by labels they declare or the scrape adds', async () => {
    expect(await unknownMetrics(readSloFile())).toEqual([]);
    const known = await knownMetrics();
    for (const rule of rulesOf(readSloFile())) {
      const allowed = new Set([
        ...SCRAPE_LABELS,
        'slo',
        ...metricsIn(rule.expr).flatMap((name) => known.get(name) ?? []),
      ]);
      expect([rule.expr, labelsIn(rule.expr).filter((label) => !allowed.has(label))]).toEqual([
        rule.expr,
        [],
      ]);
    }
  });

  it('would catch an objective on a metric no app registers', async () => {
    const file = readSloFile();
    const misspelt: SloFile = {
      ...file,
      objectives: [
        {
          ...file.objectives[3],
          ratio: { errors: 'product_upload_failures_total', total: 'product_uploads_total' },
        },
      ],
    };
    expect([...new Set(await unknownMetrics(misspelt))]).toEqual(['product_upload_failures_total']);
  });
});

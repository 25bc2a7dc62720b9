import fs from 'node:fs';
import path from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { ROOT } from './rendered-manifests';

/**
 * The metrics the apps register, found in the code: the first argument of MetricsService's `histogram(` /
 * `counter(` / `gauge(` / `gaugeCollected(` with its label list, or prom-client's default metrics. Shared by the
 * dashboard and alert-rule checks, with the PromQL readers they both need.
 */

/** Added by the Kubernetes scrape (namespace, pod, job, service) and by histograms (le). */
export const SCRAPE_LABELS = ['namespace', 'pod', 'job', 'service', 'le'];

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/spec\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Metric name → label names, for every metric registered in apps/ and libs/. */
export function registeredInCode(): Map<string, string[]> {
  const registered = new Map<string, string[]>();
  const labelsOf = (list: string | undefined) =>
    [...(list ?? '').matchAll(/'([^']+)'/g)].map(([, label]) => label);
  const helper =
    /\.(?:histogram|counter|gauge|gaugeCollected)\(\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'\s*,\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*(?:,\s*\[([^\]]*)\])?/g;
  for (const file of [...sourceFiles(path.join(ROOT, 'apps')), ...sourceFiles(path.join(ROOT, 'libs'))]) {
    const code = fs.readFileSync(file, 'utf8');
    for (const [, name, labels] of code.matchAll(helper)) registered.set(name, labelsOf(labels));
  }
  return registered;
}

export async function defaultMetrics(): Promise<Map<string, string[]>> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = await registry.getMetricsAsJSON();
  return new Map(metrics.map((metric) => [metric.name, []]));
}

/** Everything a query may read: the code's metrics and prom-client's defaults. */
export async function knownMetrics(): Promise<Map<string, string[]>> {
  return new Map([...(await defaultMetrics()), ...registeredInCode()]);
}

/** PromQL functions and keywords that look like metric names to `metricsIn`. */
const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
]);

/** Metric names a PromQL expression reads (histogram series mapped to their histogram). */
export function metricsIn(expr: string): string[] {
  const withoutGrouping = expr
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '')
    .replace(/\{[^}]*\}/g, (selector) => selector.replace(/[a-z_]+/g, ' '))
    .replace(/"[^"]*"/g, '""')
    .replace(/\[[^\]]*\]/g, '');
  return [...withoutGrouping.matchAll(/\b([a-z_:][a-z0-9_:]*)\b(?!\s*\()/g)]
    .map(([, name]) => name)
    .filter((name) => !SCRAPE_LABELS.includes(name) && !PROMQL_WORDS.has(name) && name.includes('_'))
    .map((name) => name.replace(/_(bucket|sum|count)$/, ''));
}

/** Label names an expression groups by or matches on. */
export function labelsIn(expr: string): string[] {
  const grouped = [...expr.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)].flatMap(([, list]) =>
    list.split(','),
  );
  const matched = [...expr.matchAll(/\{([^}]*)\}/g)].flatMap(([, selector]) =>
    [...selector.matchAll(/([a-z_]+)\s*(?:=~|!=|!~|=)/g)].map(([, label]) => label),
  );
  return [...grouped, ...matched].map((label) => label.trim()).filter((label) => label !== '');
}

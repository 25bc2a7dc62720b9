/**
 * What the scale benchmarks (S1-*) share: a generated national network, capacity-service started as deployed on a
 * fresh database, timed configuration operations, calculations sent one after another while something runs, and
 * the same-run baselines (`JSON.parse` of the document, a `COPY` of its rows).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { bearer, mintToken } from '@delivery/auth/testing';
import type { AppProcess } from '@delivery/platform/testing';
import type { BenchResult } from './bench-scenario';
import { scrape } from './bench-services';
import { GeneratedNetwork, generateNetwork, NATIONAL, networkOfSize } from '../network/network.generator';
import { BackToBackClient, type LatencyFigures } from './back-to-back';
import { freshBenchDatabase, startBenchCapacityService } from './bench-services';
import { percentile, round } from './load';

export const BASE = '/capacity/v1';

export interface World {
  routes: number;
  network: GeneratedNetwork;
  text: string;
}

export function worldOf(routes: number): World {
  return worldFrom(generateNetwork(networkOfSize(routes)));
}

/** The national network of docs/configuration-at-scale.md (16,160 routes). */
export function nationalWorld(): World {
  return worldFrom(generateNetwork(NATIONAL));
}

function worldFrom(network: GeneratedNetwork): World {
  return { routes: network.document.routes.length, network, text: JSON.stringify(network.document) };
}

export const loadAverage = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

export const median = (values: number[]): number => percentile(values, 50);

/** JSON.parse of the document text: the least any import must do. */
export function jsonParseMs(text: string): number {
  return median(
    [0, 1, 2].map(() => {
      const start = performance.now();
      JSON.parse(text);
      return performance.now() - start;
    }),
  );
}

const csvField = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = Array.isArray(value) ? `{${value.join(',')}}` : String(value);
  return `"${text.replace(/"/g, '""')}"`;
};
const csv = (rows: unknown[][]): string => rows.map((row) => row.map(csvField).join(',')).join('\n') + '\n';

/**
 * A server-side `COPY` of the document's routes, windows and stock rows into empty temporary tables with the real
 * tables' columns (no indexes, constraints or WAL): a floor for taking those rows in, not a real write (the files
 * are written first, not timed).
 */
export async function copyMs(databaseUrl: string, world: World): Promise<number> {
  const { routes, stock } = world.network.document;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-copy-'));
  fs.chmodSync(dir, 0o755);
  const files = {
    routes: csv(
      routes.map((r, position) => {
        const cost = r.cost as { base: number; perKg: number };
        return [
          r.code,
          position,
          r.description,
          r.source,
          r.targetNode,
          r.targetZone,
          r.mode,
          r.dispatchTypes,
          r.daysOfWeek,
          r.leadTimeDays,
          r.dispatchCapacity,
          r.priority,
          cost.base,
          cost.perKg,
        ];
      }),
    ),
    windows: csv(
      routes.flatMap((r) =>
        (r.deliveryWindows as { code: string; start: string; end: string; capacity: number }[]).map(
          (w, i) => [r.code, w.code, i, w.start, w.end, w.capacity],
        ),
      ),
    ),
    stock: csv(stock.map((s) => [s.sku, s.node, s.available])),
  };
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(path.join(dir, `${name}.csv`), content);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE TEMP TABLE copy_routes (LIKE capacity_routes);
      CREATE TEMP TABLE copy_windows (LIKE capacity_route_windows);
      CREATE TEMP TABLE copy_stock (sku text, node text, available numeric)`);
    const start = performance.now();
    await client.query('BEGIN');
    await client.query(`COPY copy_routes FROM '${dir}/routes.csv' (FORMAT csv)`);
    await client.query(`COPY copy_windows FROM '${dir}/windows.csv' (FORMAT csv)`);
    await client.query(`COPY copy_stock FROM '${dir}/stock.csv' (FORMAT csv)`);
    await client.query('COMMIT');
    return performance.now() - start;
  } finally {
    await client.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface Service {
  app: AppProcess;
  databaseUrl: string;
  headers: (scope: string) => Promise<Record<string, string>>;
}

/** capacity-service built as deployed; `main` = its TypeScript source runs the dev launcher instead (to compare). */
export async function startService(
  databaseUrl: string,
  env: Record<string, string> = {},
  main?: string,
): Promise<Service> {
  const app = await startBenchCapacityService(
    databaseUrl,
    // logging as the ConfigMap sets it (k8s/base/config.yaml): a line per request
    { CONFIGURATION_BODY_LIMIT_MB: '256', LOG_LEVEL: 'info', ...env },
    main,
  );
  return { app, databaseUrl, headers: scopedHeaders };
}

async function scopedHeaders(scope: string): Promise<Record<string, string>> {
  return {
    Authorization: bearer(await mintToken({ scopes: [scope], expiresIn: 7200 })),
    'Content-Type': 'application/json',
  };
}

export async function freshService(name: string, env: Record<string, string> = {}): Promise<Service> {
  return startService(await freshBenchDatabase(name), env);
}

async function send(service: Service, method: string, route: string, scope: string, body?: string) {
  const response = await fetch(`${service.app.url}${BASE}${route}`, {
    method,
    headers: await service.headers(scope),
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 2000)}`);
  return text;
}

export const putConfiguration = (service: Service, text: string) =>
  send(service, 'PUT', '/configuration', 'configuration:write', text);
/** Any operation of the service: its answer's text (throws on an error status). */
export const sendTo = send;
export const loadConfiguration = (service: Service) =>
  send(service, 'POST', '/configuration/load', 'configuration:load');

/** A client that sends `body` as calculations one after another while configuration work runs (back-to-back.ts). */
export async function calculationClient(service: Service, body: string): Promise<BackToBackClient> {
  const headers = await service.headers('capacity:calculate');
  return BackToBackClient.start({ url: `${service.app.url}${BASE}/delivery/capacity`, headers, body });
}

/** How long the check of a swapped-in version may take before the scenario gives up. */
const SWAP_CHECK_DEADLINE_MS = 120_000;

/**
 * Milliseconds from now until the check the active version runs once on its swap ("After a change goes live") has
 * written its risks (the at-risk list answers `checked`), so that the preview is measured alone; throws after
 * SWAP_CHECK_DEADLINE_MS.
 */
export async function swapCheckMs(service: Service): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (performance.now() - start > SWAP_CHECK_DEADLINE_MS)
      throw new Error(`the swapped-in version was not checked within ${SWAP_CHECK_DEADLINE_MS} ms`);
    const page = JSON.parse(
      await sendTo(service, 'GET', '/delivery/capacity/reservations/at-risk?pageSize=1', 'capacity:reserve'),
    ) as { checked: boolean };
    if (page.checked) return performance.now() - start;
    await sleep(50);
  }
}

export const seconds = (ms: number) => round(ms / 1000, 2);

/** A time figure in milliseconds. */
export const ms = (value: number) => ({ metric: 'time', value: round(value), unit: 'ms' });

/** A size from the environment (`RISK_ROUTES=2000`); null when unset or empty. */
export function sizeFrom(name: string): number | null {
  const value = process.env[name];
  return value === undefined || value === '' ? null : Number(value);
}

/** Configuration work as measured under calculations: its time and answer, the calculations, the longest delay. */
export interface MeasuredRun {
  value: { ms: number; value: string };
  latency: LatencyFigures;
  stallMs: number;
}

/**
 * How the S1 configuration scenarios measure a piece of work: `during` runs it while calculations of `world`'s
 * reference request go back to back, and reads the worst of them and the service's longest event-loop delay
 * (`nodejs_eventloop_lag_max_seconds`, reset by a scrape before it); `row` adds the run to `rows`.
 */
export function configurationRuns(service: Service, rows: BenchResult['rows']) {
  const lag = 'nodejs_eventloop_lag_max_seconds';
  return {
    async during(world: World, work: () => Promise<string>): Promise<MeasuredRun> {
      const client = await calculationClient(service, JSON.stringify(world.network.requests.explicitOrigins));
      try {
        await scrape(service.app, lag); // resets the max
        const run = await client.during(() => timed(work));
        return { ...run, stallMs: (await scrape(service.app, lag)) * 1000 };
      } finally {
        client.close();
      }
    },
    row(subject: string, run: MeasuredRun): void {
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
    },
  };
}

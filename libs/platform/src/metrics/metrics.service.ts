import { Injectable } from '@nestjs/common';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type RegistryContentType,
} from 'prom-client';

/** What a connection pool reports (pg's `Pool`). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** `routesNotFound`, `dead-lettered` → `routes_not_found`, `dead_lettered`: the one casing of label values. */
export function snakeCase(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
}

/** The build this process runs: `APP_VERSION` (the image tag) or the package version, and the Node.js version. */
export interface BuildInfo {
  readonly service: string;
  readonly version: string;
}

/** The exemplar of an observation: the sampled trace it belongs to (OpenMetrics' `trace_id`, `span_id`). */
export interface TraceExemplar {
  readonly trace_id: string;
  readonly span_id: string;
}

/**
 * One Prometheus registry per app (two apps may share a process in dev mode), with Node's default metrics,
 * `build_info`, the HTTP request duration histogram and the connection pools' gauges; features register their
 * own metrics here. Label values are snake_case (`snakeCase`). With `exemplars` (tracing on) the registry speaks
 * OpenMetrics and the HTTP histogram keeps, per bucket, the trace of its latest sampled request.
 */
@Injectable()
export class MetricsService {
  readonly registry: Registry<RegistryContentType>;
  private readonly httpDuration: Histogram<string>;
  /** 1 when the latest `/health/ready` answered 200, 0 when it answered 503 (no sample before the first probe). */
  readonly ready: Gauge;
  private readonly pools = new Map<string, PoolCounts>();

  constructor(
    build: BuildInfo = { service: 'app', version: '0.0.0' },
    readonly exemplars = false,
  ) {
    this.registry = new Registry<RegistryContentType>();
    if (exemplars) this.registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    collectDefaultMetrics({ register: this.registry });
    this.gauge('build_info', 'The running build: 1, labelled with service, version and Node.js version', [
      'service',
      'version',
      'node_version',
    ]).set({ service: build.service, version: build.version, node_version: process.version }, 1);
    this.ready = this.gauge('health_ready', 'Outcome of the latest readiness check: 1 ready, 0 not ready');
    this.httpDuration = this.histogram(
      'http_request_duration_seconds',
      'HTTP request duration by route and status (health probes and scrapes excluded)',
      ['method', 'route', 'status'],
      [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
      exemplars,
    );
    const pools = (value: (pool: PoolCounts) => number) => (gauge: Gauge<'pool'>) => {
      for (const [pool, counts] of this.pools) gauge.set({ pool }, value(counts));
    };
    this.gaugeCollected(
      'pg_pool_total_connections',
      'Connections a Postgres pool holds',
      ['pool'],
      pools((p) => p.totalCount),
    );
    this.gaugeCollected(
      'pg_pool_idle_connections',
      'Idle connections of a Postgres pool',
      ['pool'],
      pools((p) => p.idleCount),
    );
    this.gaugeCollected(
      'pg_pool_waiting_requests',
      'Queries waiting for a connection of a Postgres pool',
      ['pool'],
      pools((p) => p.waitingCount),
    );
  }

  /** Reports `pool`'s counts under `pg_pool_*{pool="<name>"}`, read when /metrics is scraped. */
  observePool(name: string, pool: PoolCounts): void {
    this.pools.set(snakeCase(name), pool);
  }

  histogram<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    buckets?: number[],
    enableExemplars = false,
  ): Histogram<L> {
    return new Histogram({ name, help, labelNames, buckets, enableExemplars, registers: [this.registry] });
  }

  /** Observes one request's duration, with its trace as the exemplar when there is one and exemplars are on. */
  observeHttp(
    labels: Record<'method' | 'route' | 'status', string>,
    seconds: number,
    trace?: TraceExemplar,
  ): void {
    if (this.exemplars)
      this.httpDuration.observe({ labels, value: seconds, exemplarLabels: trace ? { ...trace } : {} });
    else this.httpDuration.observe(labels, seconds);
  }

  counter<L extends string>(name: string, help: string, labelNames: L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  gauge<L extends string>(name: string, help: string, labelNames: L[] = []): Gauge<L> {
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge whose value is read when /metrics is scraped. */
  gaugeCollected<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    read: (gauge: Gauge<L>) => void | Promise<void>,
  ): Gauge<L> {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        await read(this);
      },
    });
  }
}

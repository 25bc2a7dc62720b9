/**
 * What `npm start` runs (docs/architecture.md): capacity-service always (`npm run replicas -- N`: N of them, on
 * the capacity port, then every 10 ports up: 3000, 3010, 3020…); with a broker, the upload service, the
 * product ingest worker and the outcome worker as their own processes; without one, the upload service and the
 * ingest worker in one process on an in-memory broker, and no outcome worker (nothing could publish to it: outcome
 * events then come in through capacity-service's `POST {base}/delivery/outcomes`).
 */
export interface DevPorts {
  capacity: number;
  upload: number;
  worker: number;
  outcomeWorker: number;
}

export interface DevApp {
  name: string;
  /** the entry point, from the repository root */
  script: string;
  /** the ports it serves, the first as its PORT */
  ports: number[];
  /** variables of its own (BASE_PATH, the in-process pair's ports) */
  env: Record<string, string>;
}

type Source = Record<string, string | undefined>;

export function devPorts(source: Source): DevPorts {
  return {
    capacity: Number(source.CAPACITY_PORT ?? 3000),
    upload: Number(source.UPLOAD_PORT ?? 3001),
    worker: Number(source.WORKER_PORT ?? 3002),
    outcomeWorker: Number(source.OUTCOME_WORKER_PORT ?? 3003),
  };
}

/** The most replicas `npm run replicas` starts (their ports stay below the next thousand). */
export const MAX_REPLICAS = 20;

/** The value of `--replicas N` (`npm run replicas -- N`): how many capacity-service replicas; 1 without it. */
export function replicaCount(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || count < 1 || count > MAX_REPLICAS)
    throw new Error(`npm run replicas -- N: N must be an integer from 1 to ${MAX_REPLICAS} (got "${raw}")`);
  return count;
}

/** The ports of `replicas` capacity-service replicas: the capacity port, then every 10 ports up. */
export function capacityPorts(ports: DevPorts, replicas: number): number[] {
  return Array.from({ length: replicas }, (_, index) => ports.capacity + 10 * index);
}

export function devApps(ports: DevPorts, withBroker: boolean, source: Source, replicas = 1): DevApp[] {
  const basePath = (name: string): Record<string, string> =>
    source[name] ? { BASE_PATH: source[name] } : {};
  const capacity: DevApp[] = capacityPorts(ports, replicas).map((port, index) => ({
    name: index === 0 ? 'capacity-service' : `capacity-service replica ${index + 1}`,
    script: 'apps/capacity-service/src/main.ts',
    ports: [port],
    env: basePath('CAPACITY_BASE_PATH'),
  }));
  if (!withBroker)
    return [
      ...capacity,
      {
        name: 'products (upload service + worker)',
        script: 'tools/dev/products-in-process.ts',
        ports: [ports.upload, ports.worker],
        env: { UPLOAD_PORT: String(ports.upload), WORKER_PORT: String(ports.worker) },
      },
    ];
  return [
    ...capacity,
    {
      name: 'product-upload-service',
      script: 'apps/product-upload-service/src/main.ts',
      ports: [ports.upload],
      env: basePath('UPLOAD_BASE_PATH'),
    },
    {
      name: 'product-ingest-worker',
      script: 'apps/product-ingest-worker/src/main.ts',
      ports: [ports.worker],
      env: {},
    },
    {
      name: 'outcome-worker',
      script: 'apps/outcome-worker/src/main.ts',
      ports: [ports.outcomeWorker],
      env: {},
    },
  ];
}

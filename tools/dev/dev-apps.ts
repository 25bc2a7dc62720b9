/**
 * What `npm start` runs (docs/architecture.md): capacity-service always; with a broker, the upload service, the
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

export function devApps(ports: DevPorts, withBroker: boolean, source: Source): DevApp[] {
  const basePath = (name: string): Record<string, string> =>
    source[name] ? { BASE_PATH: source[name] } : {};
  const capacity: DevApp = {
    name: 'capacity-service',
    script: 'apps/capacity-service/src/main.ts',
    ports: [ports.capacity],
    env: basePath('CAPACITY_BASE_PATH'),
  };
  if (!withBroker)
    return [
      capacity,
      {
        name: 'products (upload service + worker)',
        script: 'tools/dev/products-in-process.ts',
        ports: [ports.upload, ports.worker],
        env: { UPLOAD_PORT: String(ports.upload), WORKER_PORT: String(ports.worker) },
      },
    ];
  return [
    capacity,
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

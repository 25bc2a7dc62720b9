import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/products-data-access';
import { migrateCommand } from '@delivery/migrations';
import { messageFormat, PlatformModule } from '@delivery/platform';
import {
  APP_CONFIG_PARSERS,
  type AppName,
  APPS,
  defaultsOf,
  recordingEnv,
  RUNTIME_VARIABLES,
  SECRET_VARIABLES,
  variablesReadBy,
} from './app-environment';
import type { K8sObject } from './kustomize.renderer';
import { loadSchemaValidator, type SchemaProblems } from './kubernetes-schema.validator';

let schemaProblems: SchemaProblems;
beforeAll(async () => {
  schemaProblems = await loadSchemaValidator();
});
import {
  type Container,
  containerEnvironment,
  find,
  GATEWAYS,
  onlyContainer,
  OVERLAYS,
  plainValue,
  podSpec,
  portNumber,
  renderBase,
  renderOverlay,
  ROOT,
} from './rendered-manifests';

/**
 * k8s/: both overlays rendered (tools/deploy/kustomize.renderer.ts) and checked against the Kubernetes schemas
 * and against the apps' own code: the variables each app reads, its ports, base paths and health endpoints,
 * the queue the worker consumes, the shutdown bound.
 */
const SECRET_NAME = 'delivery-secrets';
const SERVICES: AppName[] = ['capacity-service', 'product-upload-service'];
/** Without these the pods do not start (the others are optional Secret keys). */
const REQUIRED_SECRETS = ['DATABASE_URL', 'AMQP_URL', 'LIMITS_STORE_URL'];
const secretExample = parse(
  fs.readFileSync(path.join(ROOT, 'k8s/base/secret.example.yaml'), 'utf8'),
) as K8sObject & {
  stringData: Record<string, string>;
};

/** `/health/live` and `/health/ready`, read from the platform's health controller routes. */
function healthPaths(): { live: string; ready: string } {
  const module = PlatformModule.forRoot({
    service: 'deploy-check',
    config: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LOG_FORMAT: 'json',
      SWAGGER_ENABLED: 'true',
      TRUST_PROXY: undefined,
      SHUTDOWN_DELAY_MS: 0,
      SHUTDOWN_TIMEOUT_MS: 20_000,
    },
    errorFormat: messageFormat,
    basePath: '',
  });
  const controller = (module.controllers ?? []).find((c) => c.name === 'HealthController') as {
    prototype: Record<string, unknown>;
  };
  const base = Reflect.getMetadata('path', controller) as string;
  const route = (method: string) =>
    `/${base}/${Reflect.getMetadata('path', controller.prototype[method] as object) as string}`;
  return { live: route('live'), ready: route('ready') };
}

function secretKeysReferenced(objects: K8sObject[]): string[] {
  const keys = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const ref = record.secretKeyRef as { name: string; key: string } | undefined;
      if (ref) keys.add(`${ref.name}/${ref.key}`);
      Object.values(record).forEach(walk);
    }
  };
  objects.forEach(walk);
  for (const auth of objects.filter((o) => o.kind === 'TriggerAuthentication'))
    for (const ref of (auth.spec as { secretTargetRef: { name: string; key: string }[] }).secretTargetRef)
      keys.add(`${ref.name}/${ref.key}`);
  return [...keys].sort();
}

describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
  const objects = renderOverlay(overlay);
  const deployment = (app: AppName) => find(objects, 'Deployment', app);
  const container = (app: AppName): Container => onlyContainer(deployment(app));
  const environment = (app: AppName) => containerEnvironment(container(app), objects);

  it('renders exactly the objects of the three apps and the outcome worker, the migration Job, the dead-letter Job template, the HTTPRoutes, network policies and monitoring, in namespace delivery', () => {
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'ConfigMap/capacity-service-config',
      'ConfigMap/delivery-config',
      'ConfigMap/outcome-worker-config',
      'ConfigMap/product-ingest-worker-config',
      'ConfigMap/product-upload-service-config',
      'CronJob/delivery-dead-letters',
      'Deployment/capacity-service',
      'Deployment/outcome-worker',
      'Deployment/product-ingest-worker',
      'Deployment/product-upload-service',
      'HTTPRoute/capacity-service',
      'HTTPRoute/product-upload-service',
      'HorizontalPodAutoscaler/capacity-service',
      'HorizontalPodAutoscaler/product-upload-service',
      'Job/delivery-migrate',
      'Namespace/delivery',
      'NetworkPolicy/api-from-gateway',
      'NetworkPolicy/default-deny',
      'NetworkPolicy/egress-to-dependencies',
      'NetworkPolicy/metrics-from-monitoring',
      'NetworkPolicy/services-to-jwks',
      'NetworkPolicy/services-to-limits-store',
      'PodDisruptionBudget/capacity-service',
      'PodDisruptionBudget/outcome-worker',
      'PodDisruptionBudget/product-ingest-worker',
      'PodDisruptionBudget/product-upload-service',
      'PrometheusRule/delivery-promise',
      'PrometheusRule/delivery-promise-slos',
      'ScaledObject/outcome-worker',
      'ScaledObject/product-ingest-worker',
      'Service/capacity-service',
      'Service/outcome-worker',
      'Service/product-ingest-worker',
      'Service/product-upload-service',
      'ServiceMonitor/delivery-promise',
      'TriggerAuthentication/outcome-worker-rabbitmq',
      'TriggerAuthentication/product-ingest-worker-rabbitmq',
    ]);
    expect(new Set(objects.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace))).toEqual(
      new Set(['delivery']),
    );
    expect(
      objects.filter((o) => o.metadata.labels?.['app.kubernetes.io/part-of'] !== 'delivery-promise'),
    ).toEqual([]);
  });

  it('every object is valid against the Kubernetes, Gateway API, KEDA and Prometheus Operator schemas', () => {
    expect(objects.flatMap(schemaProblems)).toEqual([]);
  });

  it('gives the upload service a 64 MiB young generation and capacity-service a capped heap (NODE_OPTIONS)', () => {
    expect(APPS.map((app) => [app, plainValue(environment(app), 'NODE_OPTIONS')])).toEqual([
      ['capacity-service', '--max-old-space-size=768'],
      ['product-upload-service', '--max-semi-space-size=64'],
      ['product-ingest-worker', undefined],
    ]);
  });

  it("caps capacity-service's heap at most at three quarters of its memory limit (room for the rest of the process)", () => {
    const limit = /^(\d+)(Mi|Gi)$/.exec(container('capacity-service').resources.limits.memory);
    const heap = /--max-old-space-size=(\d+)/.exec(
      plainValue(environment('capacity-service'), 'NODE_OPTIONS') ?? '',
    );
    const limitMiB = Number(limit?.[1]) * (limit?.[2] === 'Gi' ? 1024 : 1);
    expect(Number(heap?.[1])).toBeLessThanOrEqual(0.75 * limitMiB);
  });

  describe.each(APPS)('%s', (app) => {
    it('gets every variable the app reads, secrets from the Secret and the rest from its ConfigMaps', () => {
      const env = environment(app);
      const read = variablesReadBy(app);
      expect(read.filter((name) => !env.has(name))).toEqual([]); // a variable the app reads is missing here
      for (const name of read) {
        const source = env.get(name);
        if (SECRET_VARIABLES.has(name))
          expect([name, source]).toEqual([
            name,
            { from: 'secret', secret: SECRET_NAME, key: name, optional: !REQUIRED_SECRETS.includes(name) },
          ]);
        else expect([name, source?.from]).toEqual([name, 'configMap']);
      }
    });

    it('gets no variable the app does not read (no stale settings, no secrets it does not need)', () => {
      const read = variablesReadBy(app);
      const unread = [...environment(app).keys()].filter((name) => !read.includes(name));
      expect(unread.filter((name) => !RUNTIME_VARIABLES.has(name))).toEqual([]);
    });

    it("has ConfigMap values the app's configuration accepts, with its own port and base path", () => {
      const env = environment(app);
      const values = Object.fromEntries(
        [...env].map(([name, source]) => [name, source.from === 'secret' ? undefined : source.value]),
      );
      // the required secrets' stand-ins (NODE_ENV=production requires a limits store)
      const secrets = { JWT_SECRET: 'k'.repeat(48), LIMITS_STORE_URL: 'redis://limits-store:6379' };
      const config = APP_CONFIG_PARSERS[app]({ ...values, ...secrets }) as Record<string, unknown>;
      const defaults = defaultsOf(app);
      expect({ PORT: config.PORT, BASE_PATH: config.BASE_PATH }).toEqual({
        PORT: defaults.PORT,
        BASE_PATH: defaults.BASE_PATH,
      });
      expect(config.NODE_ENV).toBe('production');
    });

    it('exposes the app port, probes /health/live (startup, liveness) and /health/ready (readiness) on it', () => {
      const c = container(app);
      const port = defaultsOf(app).PORT;
      const { live, ready } = healthPaths();
      expect(c.ports.map((p: { containerPort: number }) => p.containerPort)).toEqual([port]);
      const probe = (name: string) => {
        const httpGet = c[name].httpGet as { path: string; port: string | number };
        return { path: httpGet.path, port: portNumber(c, httpGet.port) };
      };
      expect(probe('startupProbe')).toEqual({ path: live, port });
      expect(probe('livenessProbe')).toEqual({ path: live, port });
      expect(probe('readinessProbe')).toEqual({ path: ready, port });
      expect([live, ready]).toEqual(['/health/live', '/health/ready']);
      // one scrape path: the ServiceMonitor (prometheus.io annotations would make some setups scrape twice)
      expect(deployment(app).spec.template.metadata.annotations).toBeUndefined();
    });

    it('gives the shutdown time to finish: grace period > SHUTDOWN_TIMEOUT_MS > SHUTDOWN_DELAY_MS', () => {
      const env = environment(app);
      const timeout = Number(plainValue(env, 'SHUTDOWN_TIMEOUT_MS'));
      const delay = Number(plainValue(env, 'SHUTDOWN_DELAY_MS'));
      const grace = podSpec(deployment(app)).terminationGracePeriodSeconds as number;
      expect(grace * 1000).toBeGreaterThan(timeout);
      expect(timeout).toBeGreaterThan(delay);
      // the services keep accepting for 5 s after readiness turns false, so endpoints drop them first
      expect(delay).toBe(SERVICES.includes(app) ? 5000 : 0);
    });

    it('runs hardened: non-root, read-only root, /tmp in memory, no privileges, requests and limits', () => {
      // the services have no CPU limit (docs/operations.md, "CPU: requests, no limit")
      const limits = SERVICES.includes(app) ? ['memory'] : ['cpu', 'memory'];
      expect(hardening(deployment(app))).toEqual({
        ...HARDENED,
        resources: { ...HARDENED.resources, limits },
      });
    });

    it('runs its own image; the HPA or KEDA owns the replica count', () => {
      expect(container(app).image).toBe(`registry.example.com/delivery/${app}:0.1.0`);
      expect(deployment(app).spec.replicas).toBeUndefined();
    });

    it('has a Service on the app port selecting its pods, and a PodDisruptionBudget', () => {
      const labels = deployment(app).spec.template.metadata.labels;
      const service = find(objects, 'Service', app);
      const [port] = service.spec.ports;
      expect(selects(service.spec.selector, labels)).toBe(true);
      expect(portNumber(container(app), port.targetPort)).toBe(defaultsOf(app).PORT);
      const pdb = find(objects, 'PodDisruptionBudget', app);
      expect(selects(pdb.spec.selector.matchLabels, labels)).toBe(true);
      expect(pdb.spec.maxUnavailable).toBe(1);
    });
  });

  it.each(SERVICES)('scales %s on CPU between the overlay bounds', (app) => {
    const hpa = find(objects, 'HorizontalPodAutoscaler', app);
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
    expect(hpa.spec.metrics).toEqual([
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
      },
    ]);
    expect(hpa.spec.minReplicas).toBeLessThan(hpa.spec.maxReplicas);
    // a CPU request sized from the measured cost, and no CFS quota to throttle the latency
    expect(container(app).resources.requests.cpu).toBe('500m');
    expect(container(app).resources.limits.cpu).toBeUndefined();
  });

  it('scales the worker with KEDA on the depth of the queue it consumes, with a CPU trigger and a fallback', () => {
    const scaled = find(objects, 'ScaledObject', 'product-ingest-worker');
    expect(scaled.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'product-ingest-worker',
    });
    const [rabbitmq, cpu] = scaled.spec.triggers;
    expect(rabbitmq).toEqual({
      type: 'rabbitmq',
      metadata: {
        protocol: 'amqp',
        queueName: PRODUCT_TOPOLOGY_DEFAULTS.queue,
        mode: 'QueueLength',
        value: '10',
      },
      authenticationRef: { name: 'product-ingest-worker-rabbitmq' },
    });
    expect(cpu).toEqual({ type: 'cpu', metricType: 'Utilization', metadata: { value: '70' } });
    expect(scaled.spec.fallback).toEqual({ failureThreshold: 3, replicas: 2 });
    expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
    // KEDA reads the broker from the same Secret key as the worker
    const auth = find(objects, 'TriggerAuthentication', 'product-ingest-worker-rabbitmq');
    expect(auth.spec.secretTargetRef).toEqual([{ parameter: 'host', name: SECRET_NAME, key: 'AMQP_URL' }]);
    expect(environment('product-ingest-worker').get('AMQP_URL')).toEqual({
      from: 'secret',
      secret: SECRET_NAME,
      key: 'AMQP_URL',
      optional: false,
    });
  });

  describe('the migration Job', () => {
    const job = find(objects, 'Job', 'delivery-migrate');
    const c = onlyContainer(job);

    it('runs the migration entry of the operations image with the variables the migration reads', async () => {
      expect(c.image).toBe('registry.example.com/delivery/operations:0.1.0');
      expect(c.command).toEqual(['node', 'dist/apps/operations/src/migrate.main.js']);
      const read = new Set<string>();
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        await migrateCommand(recordingEnv({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, read));
      } finally {
        error.mockRestore();
      }
      expect([...containerEnvironment(c, objects).entries()]).toEqual([
        ...[...read].map((name) => [
          name,
          { from: 'secret', secret: SECRET_NAME, key: name, optional: false },
        ]),
      ]);
    });

    it('is ordered before the rollout: selectable alone, and an Argo CD pre-sync hook replaced on each sync', () => {
      expect(job.metadata.labels['app.kubernetes.io/component']).toBe('migration');
      expect(
        objects.filter((o) => o.metadata.labels?.['app.kubernetes.io/component'] === 'migration'),
      ).toEqual([job]);
      expect(job.metadata.annotations).toEqual({
        'argocd.argoproj.io/hook': 'PreSync',
        'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      });
      expect(podSpec(job).restartPolicy).toBe('Never');
    });

    it('runs hardened like the apps', () => {
      expect(hardening(job)).toEqual({ ...HARDENED, terminationGracePeriod: undefined });
    });
  });

  describe('the dead-letter Job template', () => {
    const cronJob = find(objects, 'CronJob', 'delivery-dead-letters');
    const c = onlyContainer(cronJob);

    it('never runs by itself: a suspended CronJob an operator creates Jobs from', () => {
      expect(cronJob.spec.suspend).toBe(true);
      expect(cronJob.spec.concurrencyPolicy).toBe('Forbid');
      expect(cronJob.spec.jobTemplate.spec.backoffLimit).toBe(0);
      expect(podSpec(cronJob).restartPolicy).toBe('Never');
      expect(cronJob.metadata.labels['app.kubernetes.io/component']).toBe('operations');
    });

    it('lists the dead letters with the operations image, reading only AMQP_URL from the Secret', () => {
      expect(c.image).toBe('registry.example.com/delivery/operations:0.1.0');
      expect([c.command, c.args]).toEqual([
        ['node', 'dist/apps/operations/src/dead-letters.main.js'],
        ['list'],
      ]);
      expect([...containerEnvironment(c, objects).entries()]).toEqual([
        ['AMQP_URL', { from: 'secret', secret: SECRET_NAME, key: 'AMQP_URL', optional: false }],
      ]);
    });

    it('runs hardened like the apps, its pods labelled as part of the system (the egress policy admits them)', () => {
      expect(hardening(cronJob)).toEqual({ ...HARDENED, terminationGracePeriod: undefined });
      const { labels } = cronJob.spec.jobTemplate.spec.template.metadata;
      expect(labels['app.kubernetes.io/part-of']).toBe('delivery-promise');
    });
  });
});

const HARDENED = {
  pod: {
    runAsNonRoot: true,
    runAsUser: 1000,
    runAsGroup: 1000,
    fsGroup: 1000,
    seccompProfile: { type: 'RuntimeDefault' },
  },
  automountServiceAccountToken: false,
  container: {
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    runAsNonRoot: true,
    capabilities: { drop: ['ALL'] },
  },
  tmp: { mountPath: '/tmp', emptyDir: true },
  resources: { requests: ['cpu', 'memory'], limits: ['cpu', 'memory'] },
  terminationGracePeriod: 30 as number | undefined,
};

/* eslint-disable @typescript-eslint/no-explicit-any -- reading untyped manifests */
function hardening(workload: Record<string, any>): typeof HARDENED {
  const spec = podSpec(workload);
  const c = onlyContainer(workload);
  const mount = (c.volumeMounts ?? []).find((m: any) => m.mountPath === '/tmp');
  const volume = (spec.volumes ?? []).find((v: any) => v.name === mount?.name);
  return {
    pod: spec.securityContext,
    automountServiceAccountToken: spec.automountServiceAccountToken,
    container: c.securityContext,
    tmp: { mountPath: mount?.mountPath, emptyDir: volume?.emptyDir !== undefined },
    resources: {
      requests: Object.keys(c.resources?.requests ?? {}).sort(),
      limits: Object.keys(c.resources?.limits ?? {}).sort(),
    },
    terminationGracePeriod: spec.terminationGracePeriodSeconds,
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);
}

describe('k8s/base', () => {
  const objects = renderBase();

  it('is namespace-agnostic and creates no Secret (delivery-secrets is made out of band)', () => {
    expect(objects.filter((o) => o.metadata.namespace !== undefined)).toEqual([]);
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    const kustomization = parse(fs.readFileSync(path.join(ROOT, 'k8s/base/kustomization.yaml'), 'utf8'));
    expect(kustomization.resources).not.toContain('secret.example.yaml');
  });

  it('secret.example.yaml is a valid Secret with exactly the keys the manifests reference, and no real value', () => {
    expect(schemaProblems(secretExample)).toEqual([]);
    expect(secretExample.metadata.name).toBe(SECRET_NAME);
    const referenced = secretKeysReferenced(renderOverlay('prod'));
    expect(
      Object.keys(secretExample.stringData)
        .map((key) => `${SECRET_NAME}/${key}`)
        .sort(),
    ).toEqual(referenced);
    for (const value of Object.values(secretExample.stringData))
      expect(value === '' || value.includes('CHANGE-ME')).toBe(true);
  });
});

describe('qa and prod', () => {
  /** Every leaf of `value` as `path → value`, list items keyed by their name when they have one. */
  function leaves(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
    if (Array.isArray(value))
      value.forEach((item, i) => leaves(item, `${prefix}[${(item as { name?: string })?.name ?? i}]`, out));
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) leaves(child, `${prefix}.${key}`, out);
    else out.set(prefix, value);
    return out;
  }
  const flatten = (objects: K8sObject[]) => {
    const out = new Map<string, unknown>();
    for (const o of objects) leaves(o, `${o.kind}/${o.metadata.name}`, out);
    return out;
  };

  it('differ only in the Gateway, host, replica bounds, resources, Swagger UI (off in prod) and where Postgres, RabbitMQ and the limits store are', () => {
    const qa = flatten(renderOverlay('qa'));
    const prod = flatten(renderOverlay('prod'));
    const differing = [...new Set([...qa.keys(), ...prod.keys()])].filter(
      (key) => qa.get(key) !== prod.get(key),
    );
    const allowed = [
      /^HTTPRoute\/[\w-]+\.spec\.hostnames\[0\]$/,
      /^HTTPRoute\/[\w-]+\.spec\.parentRefs\[[\w-]+\]\./,
      /^NetworkPolicy\/api-from-gateway\.spec\.ingress\[0\]\.from\[0\]\.namespaceSelector\.matchLabels\./,
      /^HorizontalPodAutoscaler\/[\w-]+\.spec\.(minReplicas|maxReplicas)$/,
      /^ScaledObject\/[\w-]+\.spec\.(minReplicaCount|maxReplicaCount)$/,
      /^Deployment\/[\w-]+\.spec\.replicas$/,
      /^Deployment\/[\w-]+\.spec\.template\.spec\.containers\[[\w-]+\]\.resources\./,
      // egress to Postgres and RabbitMQ: pods of namespace `data` in qa, address ranges in prod
      /^NetworkPolicy\/egress-to-dependencies\.spec\.egress\[[12]\]\.to\[0\]\./,
      // egress to the limits store: pods of namespace `data` in qa, an address range in prod
      /^NetworkPolicy\/services-to-limits-store\.spec\.egress\[0\]\.to\[0\]\./,
    ];
    expect([
      qa.get('ConfigMap/delivery-config.data.SWAGGER_ENABLED'),
      prod.get('ConfigMap/delivery-config.data.SWAGGER_ENABLED'),
    ]).toEqual(['true', 'false']);
    allowed.push(/^ConfigMap\/delivery-config\.data\.SWAGGER_ENABLED$/);
    expect(differing.filter((key) => !allowed.some((pattern) => pattern.test(key)))).toEqual([]);
    // and they do differ in the host
    expect(qa.get('HTTPRoute/capacity-service.spec.hostnames[0]')).toBe(GATEWAYS.qa.host);
    expect(prod.get('HTTPRoute/capacity-service.spec.hostnames[0]')).toBe(GATEWAYS.prod.host);
  });
});

describe('docs/operations.md', () => {
  it('documents every variable the apps read', () => {
    const docs = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const variables = [...new Set(APPS.flatMap(variablesReadBy))];
    expect(variables.filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('the schema validation', () => {
  it('reports a wrong type, a missing required field and an unknown kind', () => {
    const deployment = structuredClone(
      find(renderOverlay('qa'), 'Deployment', 'capacity-service'),
    ) as K8sObject;
    const spec = deployment.spec as { template: { spec: { containers: Container[] } }; selector?: unknown };
    spec.template.spec.containers[0].ports[0].containerPort = '3000';
    delete spec.selector;
    const problems = schemaProblems(deployment).join('\n');
    expect(problems).toContain('containerPort must be integer');
    expect(problems).toContain('data/spec must have required property selector');
    expect(schemaProblems({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } })).toEqual([
      'Pod x: no schema for v1 Pod',
    ]);
  });
});

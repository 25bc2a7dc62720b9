import { parseOutcomeWorkerConfig } from '@delivery/outcome-worker';
import { OUTCOME_TOPOLOGY_DEFAULTS } from '@delivery/capacity-data-access';
import { recordingEnv, RUNTIME_VARIABLES, SECRET_VARIABLES } from './app-environment';
import {
  containerEnvironment,
  find,
  onlyContainer,
  OVERLAYS,
  plainValue,
  podSpec,
  renderOverlay,
} from './rendered-manifests';

/** Every variable the outcome worker's config parser reads, sorted. */
function variablesRead(): string[] {
  const read = new Set<string>();
  parseOutcomeWorkerConfig(recordingEnv({}, read));
  return [...read].sort();
}

/**
 * k8s/base/outcome-worker.yaml: the outcome worker's own image, configured, probed, hardened and
 * scaled like the product worker, on the queue it consumes.
 */
describe.each(OVERLAYS)('the outcome worker in k8s/overlays/%s', (overlay) => {
  const objects = renderOverlay(overlay);
  const deployment = find(objects, 'Deployment', 'outcome-worker');
  const container = onlyContainer(deployment);
  const environment = containerEnvironment(container, objects);

  it("runs its own image on the image's command, the same release as capacity-service", () => {
    const capacity = onlyContainer(find(objects, 'Deployment', 'capacity-service'));
    expect(container.image).toBe(capacity.image.replace('/capacity-service:', '/outcome-worker:'));
    expect(container.image).toMatch(/\/delivery\/outcome-worker:/);
    expect(container.command).toBeUndefined();
    expect(deployment.spec.replicas).toBeUndefined();
  });

  it('gets every variable the worker reads and no other; secrets from the Secret', () => {
    const read = variablesRead();
    expect(read.filter((name) => !environment.has(name))).toEqual([]);
    expect(
      [...environment.keys()].filter((name) => !read.includes(name) && !RUNTIME_VARIABLES.has(name)),
    ).toEqual([]);
    for (const name of read)
      expect([name, environment.get(name)?.from]).toEqual([
        name,
        SECRET_VARIABLES.has(name) ? 'secret' : 'configMap',
      ]);
    const values = Object.fromEntries(
      [...environment].map(([name, source]) => [name, source.from === 'secret' ? undefined : source.value]),
    );
    expect(parseOutcomeWorkerConfig(values)).toMatchObject({
      PORT: 3003,
      NODE_ENV: 'production',
      SHUTDOWN_DELAY_MS: 0,
    });
  });

  it('probes /health/live and /health/ready on port 3003, with a grace period longer than the shutdown', () => {
    expect(container.ports).toEqual([{ name: 'http', containerPort: 3003, protocol: 'TCP' }]);
    expect([container.livenessProbe.httpGet.path, container.readinessProbe.httpGet.path]).toEqual([
      '/health/live',
      '/health/ready',
    ]);
    const grace = podSpec(deployment).terminationGracePeriodSeconds as number;
    expect(grace * 1000).toBeGreaterThan(Number(plainValue(environment, 'SHUTDOWN_TIMEOUT_MS')));
  });

  it('runs hardened: non-root, read-only root, no privileges', () => {
    expect(podSpec(deployment).securityContext).toMatchObject({ runAsNonRoot: true });
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      capabilities: { drop: ['ALL'] },
    });
  });

  it('scales with KEDA on the depth of delivery-outcomes.events, with a CPU trigger and a fallback', () => {
    const scaled = find(objects, 'ScaledObject', 'outcome-worker');
    expect(scaled.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'outcome-worker',
    });
    expect(scaled.spec.triggers).toEqual([
      {
        type: 'rabbitmq',
        metadata: {
          protocol: 'amqp',
          queueName: OUTCOME_TOPOLOGY_DEFAULTS.queue,
          mode: 'QueueLength',
          value: '20',
        },
        authenticationRef: { name: 'outcome-worker-rabbitmq' },
      },
      { type: 'cpu', metricType: 'Utilization', metadata: { value: '70' } },
    ]);
    expect(scaled.spec.fallback).toEqual({ failureThreshold: 3, replicas: 2 });
    expect(find(objects, 'TriggerAuthentication', 'outcome-worker-rabbitmq').spec.secretTargetRef).toEqual([
      { parameter: 'host', name: 'delivery-secrets', key: 'AMQP_URL' },
    ]);
  });

  it('lets only the monitoring namespace reach its port (no API route to it)', () => {
    const metrics = find(objects, 'NetworkPolicy', 'metrics-from-monitoring');
    const api = find(objects, 'NetworkPolicy', 'api-from-gateway');
    expect(metrics.spec.podSelector.matchExpressions[0].values).toContain('outcome-worker');
    expect(api.spec.podSelector.matchExpressions[0].values).not.toContain('outcome-worker');
  });
});

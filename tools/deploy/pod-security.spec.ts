import { restrictedViolations } from './pod-security';
import { find, OVERLAYS, podSpec, renderOverlay } from './rendered-manifests';

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob']);

/** Pod Security: the namespace enforces `restricted`, and every pod of the overlay passes it. */
describe.each(OVERLAYS)('Pod Security of k8s/overlays/%s', (overlay) => {
  const objects = renderOverlay(overlay);

  it('enforces, audits and warns at the restricted level in namespace delivery', () => {
    const labels = find(objects, 'Namespace', 'delivery').metadata.labels;
    expect(labels).toMatchObject({
      'pod-security.kubernetes.io/enforce': 'restricted',
      'pod-security.kubernetes.io/audit': 'restricted',
      'pod-security.kubernetes.io/warn': 'restricted',
    });
    expect(new Set(objects.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace))).toEqual(
      new Set(['delivery']),
    );
  });

  it('admits every pod of the overlay under the restricted profile', () => {
    const workloads = objects.filter((o) => WORKLOADS.has(o.kind));
    expect(workloads.map((o) => o.metadata.name).sort()).toEqual([
      'capacity-service',
      'delivery-dead-letters',
      'delivery-migrate',
      'outcome-worker',
      'product-ingest-worker',
      'product-upload-service',
    ]);
    expect(workloads.map((o) => [o.metadata.name, restrictedViolations(podSpec(o))])).toEqual(
      workloads.map((o) => [o.metadata.name, []]),
    );
  });
});

describe('the restricted profile check', () => {
  it('names each control a pod fails', () => {
    const spec = structuredClone(podSpec(find(renderOverlay('qa'), 'Deployment', 'capacity-service')));
    spec.volumes.push({ name: 'host', hostPath: { path: '/var/run' } });
    delete spec.containers[0].securityContext.allowPrivilegeEscalation;
    spec.containers[0].securityContext.capabilities = { drop: ['ALL'], add: ['NET_ADMIN'] };
    spec.securityContext.seccompProfile = { type: 'Unconfined' };
    spec.initContainers = [{ name: 'init', image: 'busybox', securityContext: { runAsUser: 0 } }];
    expect(restrictedViolations(spec)).toEqual([
      'volume host: type hostPath',
      'pod: seccompProfile Unconfined',
      'container init: allowPrivilegeEscalation is not false',
      'container init: runAsUser 0',
      'container init: seccompProfile Unconfined',
      'container init: capabilities do not drop ALL',
      'container capacity-service: allowPrivilegeEscalation is not false',
      'container capacity-service: seccompProfile Unconfined',
      'container capacity-service: capability NET_ADMIN added',
    ]);
  });
});

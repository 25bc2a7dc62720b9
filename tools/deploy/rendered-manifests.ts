import path from 'node:path';
import { type K8sObject, renderKustomization } from './kustomize.renderer';

/** Reading helpers over rendered manifests, shared by the deployment tests. */
export const ROOT = path.resolve(__dirname, '../..');
export const OVERLAYS = ['qa', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** The Gateway each overlay's HTTPRoutes attach to, and their host (k8s/overlays/<overlay>/kustomization.yaml). */
export const GATEWAYS: Record<Overlay, { name: string; namespace: string; host: string }> = {
  qa: { name: 'qa-gateway', namespace: 'gateway-qa', host: 'delivery.qa.example.com' },
  prod: { name: 'public-gateway', namespace: 'gateway-prod', host: 'delivery.example.com' },
};

export const renderOverlay = (overlay: Overlay): K8sObject[] =>
  renderKustomization(path.join(ROOT, 'k8s/overlays', overlay));
export const renderBase = (): K8sObject[] => renderKustomization(path.join(ROOT, 'k8s/base'));

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are untyped YAML; the tests assert their shape */
export type Container = Record<string, any>;
export type PodSpec = Record<string, any>;

export function find(objects: K8sObject[], kind: string, name: string): Record<string, any> {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}

/** The pod spec of a workload (a CronJob's, in its Job template). */
export function podSpec(object: Record<string, any>): PodSpec {
  return (object.kind === 'CronJob' ? object.spec.jobTemplate.spec : object.spec).template.spec;
}

export function onlyContainer(object: Record<string, any>): Container {
  const { containers } = podSpec(object);
  if (containers.length !== 1) throw new Error(`${object.metadata.name}: expected one container`);
  return containers[0];
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Where a container's variable comes from. */
export type VariableSource =
  | { from: 'configMap'; configMap: string; value: string }
  | { from: 'secret'; secret: string; key: string; optional: boolean }
  | { from: 'literal'; value: string };

/**
 * The environment a container gets: its `envFrom` ConfigMaps (looked up among `objects`) and its `env` entries.
 * A name provided twice is an error: Kubernetes would silently let the later one win.
 */
export function containerEnvironment(
  container: Container,
  objects: K8sObject[],
): Map<string, VariableSource> {
  const env = new Map<string, VariableSource>();
  const provide = (name: string, source: VariableSource) => {
    if (env.has(name)) throw new Error(`${container.name}: ${name} is provided twice`);
    env.set(name, source);
  };
  for (const entry of container.envFrom ?? []) {
    if (!entry.configMapRef) throw new Error(`${container.name}: only configMapRef is used in envFrom`);
    const configMap = find(objects, 'ConfigMap', entry.configMapRef.name);
    for (const [name, value] of Object.entries(configMap.data ?? {}))
      provide(name, { from: 'configMap', configMap: configMap.metadata.name, value: value as string });
  }
  for (const entry of container.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef;
    if (ref)
      provide(entry.name, {
        from: 'secret',
        secret: ref.name,
        key: ref.key,
        optional: ref.optional === true,
      });
    else if (entry.valueFrom) throw new Error(`${container.name}: ${entry.name}: unexpected valueFrom`);
    else provide(entry.name, { from: 'literal', value: entry.value ?? '' });
  }
  return env;
}

/** The value a variable has in the container when it is not a secret (undefined for secrets). */
export function plainValue(env: Map<string, VariableSource>, name: string): string | undefined {
  const source = env.get(name);
  return source && source.from !== 'secret' ? source.value : undefined;
}

/** A container port given by name or number → its number. */
export function portNumber(container: Container, port: string | number): number {
  if (typeof port === 'number') return port;
  const named = (container.ports ?? []).find((p: { name?: string }) => p.name === port);
  if (!named) throw new Error(`${container.name}: no port named ${port}`);
  return named.containerPort;
}

import type { K8sObject } from './kustomize.renderer';

/**
 * Validates objects against the Kubernetes OpenAPI schemas (kubernetes-models, generated from the API's
 * OpenAPI document), the Gateway API's, KEDA's and the Prometheus Operator's CRD schemas
 * (@kubernetes-models/gateway-api, @kubernetes-models/keda, @kubernetes-models/prometheus-operator): types,
 * formats, patterns, enums and required fields.
 * An apiVersion/kind without a schema here is an error, so every rendered object is checked.
 */
interface Validatable {
  validate(): void;
}
type ModelClass = { apiVersion: string; kind: string } & (new (data: never) => Validatable);

/** The model classes by `apiVersion/kind`. The packages are ES modules only: loaded with `import()`. */
async function loadModels(): Promise<Record<string, ModelClass>> {
  const modules = await Promise.all([
    import('kubernetes-models/v1'),
    import('kubernetes-models/apps/v1'),
    import('kubernetes-models/batch/v1'),
    import('kubernetes-models/autoscaling/v2'),
    import('kubernetes-models/policy/v1'),
    import('kubernetes-models/networking.k8s.io/v1'),
    import('@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1'),
    import('@kubernetes-models/keda/keda.sh/v1alpha1'),
    import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'),
  ]);
  const [core, apps, batch, autoscaling, policy, networking, gateway, keda, monitoring] = modules;
  const models = [
    core.ConfigMap,
    core.Namespace,
    core.Secret,
    core.Service,
    apps.Deployment,
    batch.Job,
    batch.CronJob,
    autoscaling.HorizontalPodAutoscaler,
    policy.PodDisruptionBudget,
    networking.Ingress,
    networking.NetworkPolicy,
    gateway.HTTPRoute,
    keda.ScaledObject,
    keda.TriggerAuthentication,
    monitoring.ServiceMonitor,
    monitoring.PrometheusRule,
  ] as unknown as ModelClass[];
  return Object.fromEntries(models.map((model) => [`${model.apiVersion}/${model.kind}`, model]));
}

/** A function giving the problems of an object (empty when valid). */
export type SchemaProblems = (object: K8sObject) => string[];

export async function loadSchemaValidator(): Promise<SchemaProblems> {
  const models = await loadModels();
  return (object) => {
    const Model = models[`${object.apiVersion}/${object.kind}`];
    const id = `${object.kind} ${object.metadata?.name}`;
    if (!Model) return [`${id}: no schema for ${object.apiVersion} ${object.kind}`];
    try {
      new Model(structuredClone(object) as never).validate();
      return [];
    } catch (error) {
      return [`${id}: ${(error as Error).message}`];
    }
  };
}

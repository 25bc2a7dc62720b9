import { HTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRoute';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
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
type ModelClass = new (data: never) => Validatable;

const MODELS: Record<string, ModelClass> = Object.fromEntries(
  [
    ConfigMap,
    Secret,
    Service,
    Deployment,
    Job,
    HorizontalPodAutoscaler,
    PodDisruptionBudget,
    Ingress,
    NetworkPolicy,
    HTTPRoute,
    ScaledObject,
    TriggerAuthentication,
    ServiceMonitor,
    PrometheusRule,
  ].map((model) => [`${model.apiVersion}/${model.kind}`, model as unknown as ModelClass]),
);

/** The problems of `object` (empty when valid). */
export function schemaProblems(object: K8sObject): string[] {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  const id = `${object.kind} ${object.metadata?.name}`;
  if (!Model) return [`${id}: no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new Model(structuredClone(object) as never).validate();
    return [];
  } catch (error) {
    return [`${id}: ${(error as Error).message}`];
  }
}

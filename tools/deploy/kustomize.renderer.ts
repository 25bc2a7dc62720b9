import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * A small kustomize renderer for the files under k8s/, so tests can build the overlays on a machine without
 * kubectl or kustomize. It implements exactly the subset of kustomize those files use, in kustomize's order of
 * transformations, and refuses anything else (so a file that leaves the subset fails the tests instead of being
 * rendered differently from `kubectl kustomize`):
 *
 * - `resources`: YAML files (several documents each) and directories holding a kustomization;
 * - `components`: directories holding a `kind: Component` kustomization with `resources` and `patches` only, applied
 *   after the resources and before the including kustomization's own patches;
 * - `patches`: a strategic merge patch file (one object, found by kind and name; maps merge, `null` deletes a key;
 *   lists are not merged, so a patch may not contain one) or a JSON 6902 patch (`add`/`replace`/`remove`) with a
 *   `target` of kind and name; each must match exactly one object;
 * - `namespace`: set on every namespaced object (a Namespace, cluster-scoped, is left as it is);
 * - `labels` with `includeSelectors: false`: added to `metadata.labels`, and with `includeTemplates: true` to pod
 *   templates and a CronJob's Job template (`spec.jobTemplate.metadata`), as kustomize adds them;
 * - `images`: `newName` / `newTag` / `digest` on containers whose image name matches.
 */
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> } & Record<string, unknown>;
} & Record<string, unknown>;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Kustomization {
  resources?: string[];
  components?: string[];
  namespace?: string;
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  patches?: { path?: string; patch?: string; target?: { kind: string; name: string } }[];
}

const SUPPORTED_FIELDS = new Set([
  'apiVersion',
  'kind',
  'resources',
  'components',
  'namespace',
  'labels',
  'images',
  'patches',
]);
/** Objects without a namespace, which kustomize's `namespace` leaves as they are (a Namespace keeps its name). */
const CLUSTER_SCOPED_KINDS = new Set(['Namespace']);

const POD_TEMPLATE_KINDS = new Set([
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'ReplicaSet',
  'Job',
  'CronJob',
]);

export class KustomizeError extends Error {}

/** Renders the kustomization in `dir` (as `kubectl kustomize dir` would, within the subset above). */
export function renderKustomization(dir: string): K8sObject[] {
  const kustomization = readKustomization(dir, 'Kustomization');
  let objects = readResources(kustomization, dir);
  for (const component of kustomization.components ?? []) {
    const componentDir = path.resolve(dir, component);
    const { resources, patches, ...rest } = readKustomization(componentDir, 'Component');
    const unsupported = Object.keys(rest).filter((key) => !['apiVersion', 'kind'].includes(key));
    if (unsupported.length)
      throw new KustomizeError(`${componentDir}: unsupported component fields ${unsupported.join(', ')}`);
    objects.push(...readResources({ resources }, componentDir));
    for (const entry of patches ?? []) applyPatch(objects, entry, componentDir);
  }
  rejectDuplicates(objects, dir);
  for (const entry of kustomization.patches ?? []) applyPatch(objects, entry, dir);
  if (kustomization.namespace) {
    const namespace = kustomization.namespace;
    objects = objects.map((object) =>
      CLUSTER_SCOPED_KINDS.has(object.kind)
        ? object
        : { ...object, metadata: { ...object.metadata, namespace } },
    );
  }
  for (const labels of kustomization.labels ?? []) addLabels(objects, labels);
  for (const image of kustomization.images ?? []) setImage(objects, image);
  return objects;
}

function readKustomization(dir: string, kind: 'Kustomization' | 'Component'): Kustomization {
  const file = path.join(dir, 'kustomization.yaml');
  if (!fs.existsSync(file)) throw new KustomizeError(`${dir}: no kustomization.yaml`);
  const [doc] = readYaml(file) as JsonObject[];
  const unsupported = Object.keys(doc).filter((key) => !SUPPORTED_FIELDS.has(key));
  if (unsupported.length) throw new KustomizeError(`${file}: unsupported fields ${unsupported.join(', ')}`);
  if (doc.kind !== kind) throw new KustomizeError(`${file}: kind must be ${kind}`);
  return doc as unknown as Kustomization;
}

/** The objects of a kustomization's `resources`: files as they are, directories rendered. */
function readResources({ resources }: Pick<Kustomization, 'resources'>, dir: string): K8sObject[] {
  return (resources ?? []).flatMap((resource) => {
    const target = path.resolve(dir, resource);
    return fs.statSync(target).isDirectory() ? renderKustomization(target) : readObjects(target);
  });
}

function readYaml(file: string): Json[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8')).flatMap((doc) => {
    if (doc.errors.length) throw new KustomizeError(`${file}: ${doc.errors[0].message}`);
    const value = doc.toJS() as Json;
    return value === null || value === undefined ? [] : [value];
  });
}

function readObjects(file: string): K8sObject[] {
  return readYaml(file).map((doc) => {
    const object = doc as unknown as K8sObject;
    if (!object || !object.apiVersion || !object.kind || !object.metadata?.name)
      throw new KustomizeError(`${file}: every document needs apiVersion, kind and metadata.name`);
    return object;
  });
}

function rejectDuplicates(objects: K8sObject[], dir: string): void {
  const seen = new Set<string>();
  for (const { kind, metadata } of objects) {
    const id = `${kind}/${metadata.namespace ?? ''}/${metadata.name}`;
    if (seen.has(id)) throw new KustomizeError(`${dir}: ${kind} ${metadata.name} is defined twice`);
    seen.add(id);
  }
}

function applyPatch(objects: K8sObject[], entry: NonNullable<Kustomization['patches']>[number], dir: string) {
  const unsupported = Object.keys(entry).filter((key) => !['path', 'patch', 'target'].includes(key));
  if (unsupported.length)
    throw new KustomizeError(`${dir}: unsupported patch fields ${unsupported.join(', ')}`);
  const docs = entry.path
    ? readYaml(path.resolve(dir, entry.path))
    : parseAllDocuments(entry.patch ?? '').map((doc) => doc.toJS() as Json);
  if (docs.length !== 1)
    throw new KustomizeError(`${dir}: a patch holds exactly one patch (got ${docs.length})`);
  const [patch] = docs;
  if (Array.isArray(patch)) {
    if (!entry.target) throw new KustomizeError(`${dir}: a JSON 6902 patch needs a target`);
    const index = findOne(objects, entry.target.kind, entry.target.name, dir);
    objects[index] = applyJson6902(objects[index], patch, dir);
  } else {
    const smp = patch as JsonObject;
    const metadata = smp.metadata as JsonObject;
    const kind = entry.target?.kind ?? (smp.kind as string);
    const name = entry.target?.name ?? (metadata?.name as string);
    const index = findOne(objects, kind, name, dir);
    objects[index] = strategicMerge(
      objects[index] as unknown as JsonObject,
      smp,
      dir,
    ) as unknown as K8sObject;
  }
}

function findOne(objects: K8sObject[], kind: string, name: string, dir: string): number {
  const matches = objects.flatMap((o, i) => (o.kind === kind && o.metadata.name === name ? [i] : []));
  if (matches.length !== 1)
    throw new KustomizeError(`${dir}: patch target ${kind} ${name} matches ${matches.length} objects`);
  return matches[0];
}

function strategicMerge(target: JsonObject, patch: JsonObject, dir: string): JsonObject {
  const out: JsonObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) throw new KustomizeError(`${dir}: patch directive ${key} is not supported`);
    if (Array.isArray(value))
      throw new KustomizeError(`${dir}: patch field ${key} is a list; use a JSON 6902 patch for lists`);
    if (value === null) delete out[key];
    else if (typeof value === 'object' && isObject(out[key]))
      out[key] = strategicMerge(out[key] as JsonObject, value, dir);
    else out[key] = value;
  }
  return out;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function applyJson6902(object: K8sObject, operations: Json[], dir: string): K8sObject {
  const result = structuredClone(object) as unknown as JsonObject;
  for (const operation of operations as JsonObject[]) {
    const { op, path: pointer, value } = operation as { op: string; path: string; value?: Json };
    const keys = pointer
      .split('/')
      .slice(1)
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop();
    if (last === undefined) throw new KustomizeError(`${dir}: cannot ${op} the whole object`);
    let parent: Json = result;
    for (const key of keys) {
      parent = Array.isArray(parent) ? parent[Number(key)] : isObject(parent) ? parent[key] : null;
      if (parent === null || parent === undefined || typeof parent !== 'object')
        throw new KustomizeError(`${dir}: ${op} ${pointer}: path does not exist`);
    }
    if (!['add', 'replace', 'remove'].includes(op))
      throw new KustomizeError(`${dir}: op ${op} is not supported`);
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (!Number.isInteger(index) || index < 0 || index > parent.length - (op === 'add' ? 0 : 1))
        throw new KustomizeError(`${dir}: ${op} ${pointer}: no such index`);
      if (op === 'add') parent.splice(index, 0, value as Json);
      else if (op === 'replace') parent[index] = value as Json;
      else parent.splice(index, 1);
    } else {
      const container = parent as JsonObject;
      if (op !== 'add' && !(last in container))
        throw new KustomizeError(`${dir}: ${op} ${pointer}: path does not exist`);
      if (op === 'remove') delete container[last];
      else container[last] = value as Json;
    }
  }
  return result as unknown as K8sObject;
}

/** A CronJob's Job template. */
function jobTemplate(object: K8sObject): JsonObject | undefined {
  const outer = object.spec as JsonObject | undefined;
  return object.kind === 'CronJob' && isObject(outer?.jobTemplate) ? outer.jobTemplate : undefined;
}

/** The pod template of a workload (a CronJob's is in its Job template). */
function podTemplate(object: K8sObject): JsonObject | undefined {
  if (!POD_TEMPLATE_KINDS.has(object.kind)) return undefined;
  const job = jobTemplate(object);
  const spec = job ? (job.spec as JsonObject | undefined) : (object.spec as JsonObject | undefined);
  return isObject(spec?.template) ? spec.template : undefined;
}

function addLabels(objects: K8sObject[], labels: NonNullable<Kustomization['labels']>[number]): void {
  if (labels.includeSelectors) throw new KustomizeError('labels with includeSelectors are not supported');
  for (const object of objects) {
    object.metadata = { ...object.metadata, labels: { ...object.metadata.labels, ...labels.pairs } };
    if (!labels.includeTemplates) continue;
    // kustomize's template label paths: the pod template, and a CronJob's Job template around it
    const templates = [podTemplate(object), jobTemplate(object)].filter((t) => t !== undefined);
    for (const template of templates) {
      const metadata = (template.metadata ?? {}) as JsonObject;
      template.metadata = { ...metadata, labels: { ...(metadata.labels as JsonObject), ...labels.pairs } };
    }
  }
}

/** `name[:tag][@digest]` → its name (a registry port's `:` comes before the last `/`). */
export function imageName(image: string): string {
  const withoutDigest = image.split('@')[0];
  const colon = withoutDigest.lastIndexOf(':');
  return colon > withoutDigest.lastIndexOf('/') ? withoutDigest.slice(0, colon) : withoutDigest;
}

function setImage(objects: K8sObject[], image: NonNullable<Kustomization['images']>[number]): void {
  for (const object of objects) {
    const spec = podTemplate(object)?.spec as JsonObject | undefined;
    for (const list of ['containers', 'initContainers']) {
      for (const container of (spec?.[list] ?? []) as JsonObject[]) {
        const current = container.image as string;
        if (imageName(current) !== image.name) continue;
        const rest = current.slice(image.name.length);
        const tag = image.digest ? `@${image.digest}` : image.newTag ? `:${image.newTag}` : rest;
        container.image = `${image.newName ?? image.name}${tag}`;
      }
    }
  }
}

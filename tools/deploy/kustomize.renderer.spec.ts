import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { imageName, KustomizeError, renderKustomization } from './kustomize.renderer';

/** The renderer's subset of kustomize, on small kustomizations written to a temporary directory. */
let dir: string;
const write = (files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
};

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: { app: web }
spec:
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - name: web
          image: acme/web
          resources: { requests: { cpu: 100m } }
        - name: sidecar
          image: registry.local:5000/acme/proxy:1.0
---
apiVersion: v1
kind: Service
metadata: { name: web }
spec:
  selector: { app: web }
  ports: [{ port: 80 }]
`;
const BASE = `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
labels:
  - pairs: { part-of: shop }
    includeSelectors: false
    includeTemplates: true
images:
  - name: acme/web
    newName: registry.example.com/acme/web
    newTag: '2.0'
  - name: registry.local:5000/acme/proxy
    digest: sha256:abc
resources:
  - app.yaml
`;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kustomize-'));
  write({ 'base/app.yaml': DEPLOYMENT, 'base/kustomization.yaml': BASE });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const overlay = (kustomization: string, files: Record<string, string> = {}) => {
  write({
    'overlay/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n${kustomization}`,
    ...Object.fromEntries(Object.entries(files).map(([name, text]) => [`overlay/${name}`, text])),
  });
  return () => renderKustomization(path.join(dir, 'overlay'));
};

describe('renderKustomization', () => {
  it('adds labels to objects and pod templates but not selectors, and sets images by name', () => {
    const [deployment, service] = renderKustomization(path.join(dir, 'base'));
    expect(deployment.metadata.labels).toEqual({ app: 'web', 'part-of': 'shop' });
    const spec = deployment.spec as {
      selector: unknown;
      template: { metadata: unknown; spec: { containers: { image: string }[] } };
    };
    expect(spec.selector).toEqual({ matchLabels: { app: 'web' } });
    expect(spec.template.metadata).toEqual({ labels: { app: 'web', 'part-of': 'shop' } });
    expect(spec.template.spec.containers.map((c) => c.image)).toEqual([
      'registry.example.com/acme/web:2.0',
      'registry.local:5000/acme/proxy@sha256:abc',
    ]);
    expect(service.metadata.labels).toEqual({ 'part-of': 'shop' });
    expect(service.spec).toEqual({ selector: { app: 'web' }, ports: [{ port: 80 }] });
  });

  it('applies a base directory, then patches by kind and name, then the namespace', () => {
    const render = overlay(
      `namespace: shop\nresources: [../base]\npatches:\n  - path: web.yaml\n  - target: { kind: Service, name: web }\n    patch: |-\n      - op: replace\n        path: /spec/ports/0/port\n        value: 8080\n      - op: add\n        path: /spec/ports/-\n        value: { port: 9090 }\n      - op: remove\n        path: /spec/selector/app\n`,
      {
        'web.yaml':
          'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: { app: null }\nspec:\n  replicas: 3\n',
      },
    );
    const [deployment, service] = render();
    expect(deployment.metadata).toEqual({ name: 'web', namespace: 'shop', labels: { 'part-of': 'shop' } });
    expect((deployment.spec as { replicas: number }).replicas).toBe(3);
    expect(service.metadata.namespace).toBe('shop');
    expect(service.spec).toEqual({ selector: {}, ports: [{ port: 8080 }, { port: 9090 }] });
  });

  it("labels a CronJob's Job template and its pod template, as kustomize does, and leaves a Namespace unnamespaced", () => {
    write({
      'jobs/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: shop
labels:
  - pairs: { part-of: shop }
    includeSelectors: false
    includeTemplates: true
resources: [jobs.yaml]
`,
      'jobs/jobs.yaml': `apiVersion: batch/v1
kind: CronJob
metadata: { name: nightly }
spec:
  schedule: '0 3 * * *'
  jobTemplate:
    spec:
      template:
        metadata: { labels: { app: nightly } }
        spec: { restartPolicy: Never, containers: [{ name: job, image: acme/job }] }
---
apiVersion: v1
kind: Namespace
metadata: { name: shop }
`,
    });
    const [cronJob, namespace] = renderKustomization(path.join(dir, 'jobs'));
    const { jobTemplate } = cronJob.spec as {
      jobTemplate: { metadata: unknown; spec: { template: { metadata: unknown } } };
    };
    expect(jobTemplate.metadata).toEqual({ labels: { 'part-of': 'shop' } });
    expect(jobTemplate.spec.template.metadata).toEqual({ labels: { app: 'nightly', 'part-of': 'shop' } });
    expect(cronJob.metadata.namespace).toBe('shop');
    expect(namespace.metadata).toEqual({ name: 'shop', labels: { 'part-of': 'shop' } });
  });

  it("adds a component's objects and applies its patches before the overlay's own", () => {
    write({
      'component/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources: [route.yaml]\npatches:\n  - target: { kind: Service, name: web }\n    patch: "[{op: replace, path: /spec/ports/0/port, value: 8080}]"\n',
      'component/route.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: route }\n',
    });
    const render = overlay(
      'namespace: shop\nresources: [../base]\ncomponents: [../component]\npatches:\n  - target: { kind: ConfigMap, name: route }\n    patch: "[{op: add, path: /data, value: { a: b }}]"\n',
    );
    const [, service, route] = render();
    expect(service.spec).toEqual({ selector: { app: 'web' }, ports: [{ port: 8080 }] });
    expect(route).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'route', namespace: 'shop', labels: undefined },
      data: { a: 'b' },
    });
  });

  it('refuses a component with fields beyond resources and patches', () => {
    write({
      'component/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nnamespace: other\n',
    });
    const render = overlay('resources: [../base]\ncomponents: [../component]\n');
    expect(render).toThrow('unsupported component fields namespace');
  });

  it.each([
    [
      'an unsupported field',
      'resources: [../base]\ncommonLabels: { a: b }\n',
      {},
      'unsupported fields commonLabels',
    ],
    [
      'a list in a strategic merge patch',
      'resources: [../base]\npatches:\n  - path: p.yaml\n',
      { 'p.yaml': 'apiVersion: v1\nkind: Service\nmetadata: { name: web }\nspec:\n  ports: [{ port: 1 }]\n' },
      'patch field ports is a list',
    ],
    [
      'several patches in one file',
      'resources: [../base]\npatches:\n  - path: p.yaml\n',
      { 'p.yaml': 'kind: Service\nmetadata: { name: web }\n---\nkind: Service\nmetadata: { name: web }\n' },
      'a patch holds exactly one patch (got 2)',
    ],
    [
      'a patch directive',
      'resources: [../base]\npatches:\n  - path: p.yaml\n',
      { 'p.yaml': 'kind: Service\nmetadata: { name: web }\nspec:\n  $patch: replace\n' },
      'patch directive $patch is not supported',
    ],
    [
      'a target that matches nothing',
      'resources: [../base]\npatches:\n  - target: { kind: Ingress, name: web }\n    patch: "[]"\n',
      {},
      'patch target Ingress web matches 0 objects',
    ],
    [
      'a JSON 6902 path that does not exist',
      'resources: [../base]\npatches:\n  - target: { kind: Service, name: web }\n    patch: "[{op: replace, path: /spec/tls/0/host, value: x}]"\n',
      {},
      'replace /spec/tls/0/host: path does not exist',
    ],
    [
      'an object defined twice',
      'resources: [../base, ../base/app.yaml]\n',
      {},
      'Deployment web is defined twice',
    ],
  ])('refuses %s', (_, kustomization, files, message) => {
    const render = overlay(kustomization, files);
    expect(render).toThrow(KustomizeError);
    expect(render).toThrow(message);
  });
});

describe('imageName', () => {
  it.each([
    ['acme/web', 'acme/web'],
    ['acme/web:1.0', 'acme/web'],
    ['registry.local:5000/acme/web', 'registry.local:5000/acme/web'],
    ['registry.local:5000/acme/web:1.0@sha256:abc', 'registry.local:5000/acme/web'],
  ])('%s → %s', (image, name) => expect(imageName(image)).toBe(name));
});

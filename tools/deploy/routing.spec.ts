import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AppName, defaultsOf } from './app-environment';
import { type K8sObject, renderKustomization } from './kustomize.renderer';
import { loadSchemaValidator, type SchemaProblems } from './kubernetes-schema.validator';

let schemaProblems: SchemaProblems;
beforeAll(async () => {
  schemaProblems = await loadSchemaValidator();
});
import {
  find,
  GATEWAYS,
  onlyContainer,
  OVERLAYS,
  portNumber,
  renderOverlay,
  ROOT,
} from './rendered-manifests';

/**
 * How requests get in: by default one Gateway API HTTPRoute per public base path (k8s/components/gateway-api),
 * attached to the Gateway each overlay names; the Ingresses of k8s/components/ingress-nginx only where an overlay
 * opts in.
 */
const SERVICES: AppName[] = ['capacity-service', 'product-upload-service'];
const kinds = (objects: K8sObject[], kind: string) =>
  objects.filter((o) => o.kind === kind).map((o) => o.metadata.name);

/** The Service port a route's backend names, followed to the container port of the app. */
function appPortBehind(objects: K8sObject[], app: AppName, servicePort: number | string): number {
  const service = find(objects, 'Service', app);
  const port = service.spec.ports.find((p: { port: number; name: string }) =>
    typeof servicePort === 'number' ? p.port === servicePort : p.name === servicePort,
  );
  expect(port).toBeDefined();
  return portNumber(onlyContainer(find(objects, 'Deployment', app)), port.targetPort);
}

/** Each HTTPRoute rule: its route, path and request timeout. */
function routeTimeouts(objects: K8sObject[]): [string, string, string | undefined][] {
  return objects
    .filter((o) => o.kind === 'HTTPRoute')
    .flatMap((o) =>
      (
        o.spec as { rules: { matches: { path: { value: string } }[]; timeouts?: { request?: string } }[] }
      ).rules.map((rule): [string, string, string | undefined] => [
        o.metadata.name,
        rule.matches[0].path.value,
        rule.timeouts?.request,
      ]),
    );
}

describe.each(OVERLAYS)('routing of k8s/overlays/%s', (overlay) => {
  const objects = renderOverlay(overlay);
  const gateway = GATEWAYS[overlay];

  it('has no Ingress: the HTTPRoutes are the way in', () => {
    expect(kinds(objects, 'Ingress')).toEqual([]);
    expect(kinds(objects, 'HTTPRoute').sort()).toEqual(SERVICES);
  });

  it.each(SERVICES)(
    "routes the base path of %s to its Service's app port, on the overlay's host through its Gateway",
    (app) => {
      const route = find(objects, 'HTTPRoute', app);
      expect(schemaProblems(route as K8sObject)).toEqual([]);
      expect(route.spec.parentRefs).toEqual([
        {
          group: 'gateway.networking.k8s.io',
          kind: 'Gateway',
          name: gateway.name,
          namespace: gateway.namespace,
        },
      ]);
      expect(route.spec.hostnames).toEqual([gateway.host]);
      const rule = route.spec.rules.at(-1);
      expect(rule.matches).toEqual([{ path: { type: 'PathPrefix', value: defaultsOf(app).BASE_PATH } }]);
      for (const { backendRefs } of route.spec.rules) {
        expect(backendRefs).toHaveLength(1);
        const [backend] = backendRefs;
        expect(backend.name).toBe(app);
        expect(backend.kind ?? 'Service').toBe('Service');
        expect(appPortBehind(objects, app, backend.port)).toBe(defaultsOf(app).PORT);
      }
    },
  );

  it('routes neither /health/*, /metrics nor the worker', () => {
    const paths = objects
      .filter((o) => o.kind === 'HTTPRoute')
      .flatMap((o) => (o.spec as { rules: { matches: { path: { value: string } }[] }[] }).rules)
      .flatMap((rule) => rule.matches.map((match) => match.path.value));
    expect(paths.sort()).toEqual(
      [...SERVICES.map((app) => defaultsOf(app).BASE_PATH), '/capacity/v1/configuration'].sort(),
    );
    const backends = objects
      .filter((o) => o.kind === 'HTTPRoute')
      .flatMap((o) => JSON.stringify(o.spec).match(/product-ingest-worker/g) ?? []);
    expect(backends).toEqual([]);
  });

  it('gives every rule a request timeout: 60 s for uploads and the configuration document, 10 s for the rest', () => {
    expect(routeTimeouts(objects)).toEqual([
      ['capacity-service', '/capacity/v1/configuration', '60s'],
      ['capacity-service', '/capacity/v1', '10s'],
      ['product-upload-service', '/product-upload/v1', '60s'],
    ]);
  });

  it('would catch a rule without a request timeout', () => {
    const changed = structuredClone(objects);
    delete find(changed, 'HTTPRoute', 'capacity-service').spec.rules[1].timeouts;
    expect(routeTimeouts(changed)[1]).toEqual(['capacity-service', '/capacity/v1', undefined]);
  });
});

describe('the HTTPRoute schema', () => {
  it('reports a duration that is not one, a path match type the API does not know and a bad host', () => {
    const route = structuredClone(
      find(renderOverlay('qa'), 'HTTPRoute', 'product-upload-service'),
    ) as K8sObject;
    const spec = route.spec as {
      hostnames: string[];
      rules: { timeouts: { request: unknown }; matches: { path: { type: string } }[] }[];
    };
    spec.rules[0].timeouts.request = '1 minute';
    expect(schemaProblems(route).join('\n')).toContain('timeouts/request must match pattern');
    spec.rules[0].timeouts.request = '60s';
    spec.rules[0].matches[0].path.type = 'Prefix';
    expect(schemaProblems(route).join('\n')).toContain(
      'path/type must be equal to one of the allowed values',
    );
    spec.rules[0].matches[0].path.type = 'PathPrefix';
    spec.hostnames[0] = 'Delivery_Example';
    expect(schemaProblems(route).join('\n')).toContain('hostnames/0 must match pattern');
  });
});

describe('k8s/components/ingress-nginx (opt-in)', () => {
  let dir: string;
  let objects: K8sObject[];

  beforeAll(() => {
    // an overlay that opts in, as docs/operations.md ("Routing") describes
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingress-overlay-'));
    fs.writeFileSync(
      path.join(dir, 'kustomization.yaml'),
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'namespace: delivery',
        `resources: [${path.join(ROOT, 'k8s/base')}]`,
        `components: [${path.join(ROOT, 'k8s/components/ingress-nginx')}]`,
        '',
      ].join('\n'),
    );
    objects = renderKustomization(dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('renders the Ingresses instead of the HTTPRoutes, valid against the schemas', () => {
    expect(kinds(objects, 'Ingress').sort()).toEqual(SERVICES);
    expect(kinds(objects, 'HTTPRoute')).toEqual([]);
    expect(objects.flatMap(schemaProblems)).toEqual([]);
  });

  it.each(SERVICES)('routes the base path of %s through its Ingress to its Service; nothing else', (app) => {
    const ingress = find(objects, 'Ingress', app);
    expect(ingress.spec.ingressClassName).toBe('nginx');
    const [rule] = ingress.spec.rules;
    expect(rule.http.paths).toHaveLength(1);
    const [route] = rule.http.paths;
    expect(route.path).toBe(defaultsOf(app).BASE_PATH);
    expect(route.pathType).toBe('Prefix');
    expect(route.backend.service.name).toBe(app);
    expect(appPortBehind(objects, app, route.backend.service.port.name)).toBe(defaultsOf(app).PORT);
    expect(ingress.spec.tls).toEqual([{ hosts: [rule.host], secretName: 'delivery-tls' }]);
  });

  it('lets a 3000-product upload and the upload timeout through ingress-nginx', () => {
    const annotations = find(objects, 'Ingress', 'product-upload-service').metadata.annotations;
    expect(annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('32m');
    expect(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']).toBe('60');
  });
});

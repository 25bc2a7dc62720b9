import { BlockList, isIPv4 } from 'node:net';
import type { K8sObject } from './kustomize.renderer';
import { find, GATEWAYS, onlyContainer, OVERLAYS, renderOverlay } from './rendered-manifests';

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are untyped YAML */
type Labels = Record<string, string>;
interface Peer {
  namespace: string;
  labels: Labels;
  /** the peer's IPv4 address, for `ipBlock` rules */
  address?: string;
}

/** Whether an `ipBlock` (cidr, except) holds the address. */
function inBlock(block: { cidr: string; except?: string[] }, address: string | undefined): boolean {
  if (address === undefined || !isIPv4(address)) return false;
  const list = (cidrs: string[]) => {
    const blocks = new BlockList();
    for (const cidr of cidrs) {
      const [network, prefix] = cidr.split('/');
      blocks.addSubnet(network, Number(prefix), 'ipv4');
    }
    return blocks;
  };
  return list([block.cidr]).check(address, 'ipv4') && !list(block.except ?? []).check(address, 'ipv4');
}
interface Selector {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

/** A label selector as Kubernetes reads it (the operators these manifests use: In, Exists). */
function selects(selector: Selector | undefined, labels: Labels): boolean {
  if (!selector) return true;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values }) => {
    if (operator === 'In') return values?.includes(labels[key]) ?? false;
    if (operator === 'Exists') return key in labels;
    throw new Error(`operator ${operator} is not evaluated here`);
  });
  return byLabel && byExpression;
}

/**
 * Whether the rendered policies let `from` open a TCP/UDP connection to `to` on `port` (a number; named ports are
 * resolved against the target pod's container). Both directions must allow it when both ends are in `delivery`:
 * the sender's egress and the receiver's ingress.
 */
function allowed(objects: K8sObject[], from: Peer, to: Peer, port: number, protocol = 'TCP'): boolean {
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy') as Record<string, any>[];
  const portNames = (peer: Peer): Record<string, number> => {
    const app = peer.labels['app.kubernetes.io/name'];
    const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === app);
    if (!deployment) return {};
    return Object.fromEntries(onlyContainer(deployment).ports.map((p: any) => [p.name, p.containerPort]));
  };
  const matchesPort = (rules: any[] | undefined, target: Peer) =>
    !rules ||
    rules.some(
      (rule) =>
        (rule.protocol ?? 'TCP') === protocol &&
        (typeof rule.port === 'number' ? rule.port : portNames(target)[rule.port]) === port,
    );
  const matchesPeer = (peers: any[] | undefined, peer: Peer, policyNamespace: string) =>
    !peers ||
    peers.some((p) => {
      if (p.ipBlock) return inBlock(p.ipBlock, peer.address);
      const namespaceOk = p.namespaceSelector
        ? selects(p.namespaceSelector, { 'kubernetes.io/metadata.name': peer.namespace })
        : peer.namespace === policyNamespace;
      return namespaceOk && selects(p.podSelector, peer.labels);
    });
  const direction = (peer: Peer, type: 'Ingress' | 'Egress', other: Peer) => {
    const applying = policies.filter(
      (p) =>
        p.metadata.namespace === peer.namespace &&
        p.spec.policyTypes.includes(type) &&
        selects(p.spec.podSelector, peer.labels),
    );
    if (applying.length === 0) return true; // not isolated
    const rules = applying.flatMap((p) =>
      type === 'Ingress' ? (p.spec.ingress ?? []) : (p.spec.egress ?? []),
    );
    return rules.some(
      (rule: any) =>
        matchesPeer(type === 'Ingress' ? rule.from : rule.to, other, peer.namespace) &&
        matchesPort(rule.ports, type === 'Ingress' ? peer : other),
    );
  };
  const inDelivery = (peer: Peer) => peer.namespace === 'delivery';
  return (
    (!inDelivery(from) || direction(from, 'Egress', to)) &&
    (!inDelivery(to) || direction(to, 'Ingress', from))
  );
}

const app = (name: string): Peer => ({
  namespace: 'delivery',
  labels: { 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'delivery-promise' },
});
const migration: Peer = {
  namespace: 'delivery',
  labels: { 'app.kubernetes.io/name': 'delivery-migrate', 'app.kubernetes.io/part-of': 'delivery-promise' },
};
/** a data-plane pod of the Gateway in `namespace` (its labels are the implementation's) */
const gatewayIn = (namespace: string): Peer => ({ namespace, labels: { 'app.kubernetes.io/name': 'envoy' } });
/** the namespace of the retired ingress controller: no longer admitted by default */
const ingressController: Peer = {
  namespace: 'ingress-nginx',
  labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
};
const prometheus: Peer = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
const elsewhere: Peer = { namespace: 'shop', labels: { app: 'checkout' }, address: '10.12.0.9' };
/** an address on the internet (a JWKS endpoint) */
const internet: Peer = { namespace: 'internet', labels: {}, address: '203.0.113.7' };
const dns: Peer = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
const collector: Peer = { namespace: 'observability', labels: { app: 'otel-collector' } };
/** where each overlay puts Postgres and RabbitMQ: pods of namespace `data` in qa, managed services in prod */
const DEPENDENCIES: Record<string, { postgres: Peer; rabbitmq: Peer; redis: Peer }> = {
  qa: {
    postgres: { namespace: 'data', labels: { app: 'postgres' }, address: '10.8.3.4' },
    rabbitmq: { namespace: 'data', labels: { app: 'rabbitmq' }, address: '10.8.3.5' },
    redis: { namespace: 'data', labels: { app: 'redis' }, address: '10.8.3.6' },
  },
  prod: {
    postgres: { namespace: 'managed', labels: {}, address: '10.40.0.12' },
    rabbitmq: { namespace: 'managed', labels: {}, address: '10.40.1.7' },
    redis: { namespace: 'managed', labels: {}, address: '10.40.2.9' },
  },
};

describe.each(OVERLAYS)('network policies of k8s/overlays/%s', (overlay) => {
  const objects = renderOverlay(overlay);
  const capacity = app('capacity-service');
  const upload = app('product-upload-service');
  const worker = app('product-ingest-worker');

  it('deny everything not allowed, in and out, for every pod of the namespace', () => {
    expect(find(objects, 'NetworkPolicy', 'default-deny').spec).toEqual({
      podSelector: {},
      policyTypes: ['Ingress', 'Egress'],
    });
    expect(allowed(objects, capacity, upload, 3001)).toBe(false);
    expect(allowed(objects, worker, capacity, 3000)).toBe(false);
    expect(allowed(objects, capacity, elsewhere, 8080)).toBe(false);
  });

  it("let exactly the overlay's Gateway namespace reach only the API ports", () => {
    const gateway = gatewayIn(GATEWAYS[overlay].namespace);
    expect(allowed(objects, gateway, capacity, 3000)).toBe(true);
    expect(allowed(objects, gateway, upload, 3001)).toBe(true);
    expect(allowed(objects, gateway, worker, 3002)).toBe(false);
    expect(allowed(objects, gateway, capacity, 9229)).toBe(false);
    expect(allowed(objects, elsewhere, capacity, 3000)).toBe(false);
    // not the other overlay's Gateway namespace, nor the base's placeholder, nor an ingress controller
    const other = overlay === 'qa' ? 'prod' : 'qa';
    for (const namespace of [GATEWAYS[other].namespace, 'gateway-system'])
      expect(allowed(objects, gatewayIn(namespace), capacity, 3000)).toBe(false);
    expect(allowed(objects, ingressController, upload, 3001)).toBe(false);
  });

  it('select the Gateway namespace by its label only, with the namespace the HTTPRoutes attach to', () => {
    const [rule] = find(objects, 'NetworkPolicy', 'api-from-gateway').spec.ingress;
    expect(rule.from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': GATEWAYS[overlay].namespace } } },
    ]);
    for (const route of objects.filter((o) => o.kind === 'HTTPRoute') as Record<string, any>[])
      expect(route.spec.parentRefs.map((ref: { namespace: string }) => ref.namespace)).toEqual([
        GATEWAYS[overlay].namespace,
      ]);
  });

  it('let the monitoring namespace scrape every app port, and nothing else in', () => {
    for (const [peer, port] of [
      [capacity, 3000],
      [upload, 3001],
      [worker, 3002],
    ] as const)
      expect(allowed(objects, prometheus, peer, port)).toBe(true);
    expect(allowed(objects, prometheus, migration, 3000)).toBe(false);
  });

  it('let only the two services reach the limits store, where the overlay says it is', () => {
    const { redis, postgres } = DEPENDENCIES[overlay];
    const other = overlay === 'qa' ? 'prod' : 'qa';
    for (const peer of [capacity, upload]) {
      expect(allowed(objects, peer, redis, 6379)).toBe(true);
      expect(allowed(objects, peer, DEPENDENCIES[other].redis, 6379)).toBe(false);
      expect(allowed(objects, peer, postgres, 6379)).toBe(false);
      expect(allowed(objects, peer, elsewhere, 6379)).toBe(false);
      expect(allowed(objects, peer, redis, 6380)).toBe(false);
    }
    for (const peer of [worker, migration]) expect(allowed(objects, peer, redis, 6379)).toBe(false);
  });

  it('let the apps and the migration reach DNS, Postgres, RabbitMQ and the OTLP collector only', () => {
    const { postgres, rabbitmq } = DEPENDENCIES[overlay];
    const other = overlay === 'qa' ? 'prod' : 'qa';
    for (const peer of [capacity, upload, worker, migration]) {
      expect(allowed(objects, peer, dns, 53, 'UDP')).toBe(true);
      expect(allowed(objects, peer, dns, 53, 'TCP')).toBe(true);
      expect(allowed(objects, peer, postgres, 5432)).toBe(true);
      expect(allowed(objects, peer, rabbitmq, 5672)).toBe(true);
      expect(allowed(objects, peer, rabbitmq, 5671)).toBe(true);
      // each only where the overlay says it is, not at the other overlay's place nor anywhere else
      expect(allowed(objects, peer, DEPENDENCIES[other].postgres, 5432)).toBe(false);
      expect(allowed(objects, peer, DEPENDENCIES[other].rabbitmq, 5672)).toBe(false);
      expect(allowed(objects, peer, rabbitmq, 5432)).toBe(false);
      expect(allowed(objects, peer, elsewhere, 5432)).toBe(false);
      expect(allowed(objects, peer, internet, 5672)).toBe(false);
      expect(allowed(objects, peer, collector, 4318)).toBe(true);
      expect(allowed(objects, peer, collector, 4317)).toBe(true);
      expect(allowed(objects, peer, elsewhere, 4318)).toBe(false); // OTLP only to the collector's namespace
      expect(allowed(objects, peer, elsewhere, 53, 'UDP')).toBe(false);
      expect(allowed(objects, peer, elsewhere, 80)).toBe(false);
    }
    // HTTPS to public addresses (a JWKS endpoint) for the services that verify tokens, not for the worker or the
    // migration, and never to a private address
    expect(
      [capacity, upload, worker, migration].map((peer) => allowed(objects, peer, internet, 443)),
    ).toEqual([true, true, false, false]);
    expect(allowed(objects, capacity, elsewhere, 443)).toBe(false);
  });
});

describe('monitoring objects', () => {
  const objects = renderOverlay('prod');

  it('scrape /metrics on port http of every Service of the system', () => {
    const monitor = find(objects, 'ServiceMonitor', 'delivery-promise');
    const services = objects.filter((o) => o.kind === 'Service') as Record<string, any>[];
    expect(services.map((s) => s.metadata.name).sort()).toEqual([
      'capacity-service',
      'outcome-worker',
      'product-ingest-worker',
      'product-upload-service',
    ]);
    for (const service of services) {
      expect(selects(monitor.spec.selector, service.metadata.labels)).toBe(true);
      expect(service.spec.ports.map((p: any) => p.name)).toContain('http');
    }
    expect(monitor.spec.endpoints).toEqual([
      { port: 'http', path: '/metrics', interval: '15s', scrapeTimeout: '10s' },
    ]);
  });

  it('spread the worker over zones like the services', () => {
    for (const name of ['capacity-service', 'product-upload-service', 'product-ingest-worker'])
      expect(find(objects, 'Deployment', name).spec.template.spec.topologySpreadConstraints).toEqual([
        {
          maxSkew: 1,
          topologyKey: 'topology.kubernetes.io/zone',
          whenUnsatisfiable: 'ScheduleAnyway',
          labelSelector: { matchLabels: { 'app.kubernetes.io/name': name } },
        },
      ]);
  });
});
/* eslint-enable @typescript-eslint/no-explicit-any */

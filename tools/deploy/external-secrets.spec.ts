import path from 'node:path';
import { renderKustomization } from './kustomize.renderer';
import { find, renderOverlay, ROOT } from './rendered-manifests';

/** k8s/examples/external-secrets: prod, plus the ExternalSecret that writes delivery-secrets. */
describe('the ExternalSecrets example overlay', () => {
  const objects = renderKustomization(path.join(ROOT, 'k8s/examples/external-secrets'));
  const id = (o: { kind: string; metadata: { name: string } }) => `${o.kind}/${o.metadata.name}`;

  it('renders prod and one ExternalSecret, nothing else', () => {
    expect(objects.filter((o) => o.kind !== 'ExternalSecret')).toEqual(renderOverlay('prod'));
    expect(objects.filter((o) => o.kind === 'ExternalSecret').map(id)).toEqual([
      'ExternalSecret/delivery-secrets',
    ]);
  });

  it('writes the Secret every workload reads, in namespace delivery, from a cluster store', () => {
    const external = find(objects, 'ExternalSecret', 'delivery-secrets');
    expect(external.apiVersion).toBe('external-secrets.io/v1');
    expect(external.metadata.namespace).toBe('delivery');
    expect(external.spec.target).toMatchObject({ name: 'delivery-secrets', creationPolicy: 'Owner' });
    expect(external.spec.secretStoreRef.kind).toBe('ClusterSecretStore');
    const secretsRead = new Set(
      JSON.stringify(objects.filter((o) => o.kind !== 'ExternalSecret'))
        .match(/"secretKeyRef":\{"name":"[\w-]+"/g)
        ?.map((ref) => ref.split('"').at(-2)),
    );
    expect([...secretsRead]).toEqual([external.spec.target.name]);
  });
});

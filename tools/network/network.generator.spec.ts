import { parseConfiguration } from '@delivery/capacity-domain';
import { generateNetwork, NATIONAL, networkOfSize, routeCount } from './network.generator';

describe('network generator', () => {
  const national = generateNetwork(NATIONAL);

  it('writes the national world the scale benchmark measures, and it validates', () => {
    const { document } = national;
    const parsed = parseConfiguration(document, { timezone: 'America/Lima' });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 10)));
    const count = (type: string) => document.nodes.filter((node) => node.type === type).length;
    expect([count('CD'), count('TD'), count('SELLER')]).toEqual([6, 300, 40]);
    expect(parsed.snapshot.pickupPoints).toHaveLength(180);
    expect(document.zones).toHaveLength(1800);
    expect(document.routes).toHaveLength(16_160);
    expect(routeCount(NATIONAL)).toBe(16_160);
    expect(parsed.stock).toHaveLength(document.stock.length);
    expect(document.stock.length).toBeGreaterThan(25_000);
    expect(document.stock.length).toBeLessThan(27_000);
  });

  it('is deterministic: the same parameters give the same document, another seed another one', () => {
    expect(JSON.stringify(generateNetwork(NATIONAL))).toBe(JSON.stringify(national));
    const other = generateNetwork({ ...NATIONAL, seed: NATIONAL.seed + 1 });
    expect(JSON.stringify(other.document)).not.toBe(JSON.stringify(national.document));
    expect(other.document.routes).toHaveLength(16_160);
  });

  it('scales every part of the network with the number of routes asked for', () => {
    const parameters = networkOfSize(4000);
    const { document } = generateNetwork(parameters);
    expect(document.routes).toHaveLength(routeCount(parameters));
    expect(Math.abs(document.routes.length - 4000)).toBeLessThan(40);
    expect(parseConfiguration(document, { timezone: 'America/Lima' }).ok).toBe(true);
  });

  it("names in its sample requests only the world's zones, nodes and SKUs", () => {
    const { document, requests } = national;
    const zones = new Set(document.zones.map((zone) => zone.code));
    const nodes = new Set(document.nodes.map((node) => node.code));
    const skus = new Set(document.stock.map((row) => row.sku));
    for (const request of Object.values(requests)) {
      const zone = (request.deliveryData as { zone?: string }).zone;
      if (zone !== undefined) expect(zones.has(zone)).toBe(true);
      for (const item of request.items as { skuCode: string; origin?: string }[]) {
        expect(skus.has(item.skuCode)).toBe(true);
        if (item.origin !== undefined) expect(nodes.has(item.origin)).toBe(true);
      }
    }
    expect(requests.hundredItems.items).toHaveLength(100);
  });
});

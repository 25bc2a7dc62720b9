/** E1.4 units and E1.5 weight (through the delivery cost, which is the weight's only use). */
import { onlyGroup } from '../testing/group-helpers';
import { documentOf, homeRoute, node, requestA, snapshotOf, zone } from '../testing/world-builder';
import type { ItemCapacityRequest } from '../request/capacity-request.types';
import { unitsOf } from './item-measures';

const world = snapshotOf(
  documentOf({
    nodes: [node('A')],
    zones: [zone('Z', ['150101'])],
    routes: [homeRoute('R', 'A', 'Z', { cost: { base: 0, perKg: 1 } })],
  }),
);
const group = (items: ItemCapacityRequest[], productWeights: { sku: string; weightKg: number }[] = []) =>
  onlyGroup(
    world,
    requestA({ deliveryData: { zone: 'Z' }, calculationOptions: { dispatchCostEnabled: true }, items }),
    { productWeights },
  );

describe('E1.4 units', () => {
  it('E1.4 units if present, else 1 when measurable is exactly "T", else ceil(quantity) with quantity defaulting to 1', () => {
    expect(unitsOf({ units: 4, quantity: 9, measurable: 'T' })).toBe(4);
    expect(unitsOf({ measurable: 'T', quantity: 2.5 })).toBe(1);
    expect(unitsOf({ measurable: 't', quantity: 2.5 })).toBe(3);
    expect(unitsOf({ quantity: 2.01 })).toBe(3);
    expect(unitsOf({ quantity: null })).toBe(1);
    expect(unitsOf({})).toBe(1);
  });

  it('E1.4 the units of a group are the sum over its items', () => {
    const result = group([
      { skuCode: 'S1', origin: 'A', quantity: 1.5 },
      { skuCode: 'S2', origin: 'A', units: 3 },
      { skuCode: 'S3', origin: 'A', measurable: 'T', quantity: 7 },
    ]);
    expect(result.deliveryTrace[0].details[0].dispatchUnits).toBe(6);
  });
});

describe('E1.5 weight', () => {
  it('E1.5 weight is Σ grams × quantity / 1000; units do not count', () => {
    const result = group([
      { skuCode: 'S1', origin: 'A', weight: 1500, quantity: 2, units: 9 },
      { skuCode: 'S2', origin: 'A', weight: 333, quantity: 0.1 },
    ]);
    expect(result.deliveryCost).toBe(3.03); // 3 kg + 0.0333 kg at 1 per kg
  });

  it("E1.5 an item without weight takes the product master's kg per unit of quantity, else 0", () => {
    const result = group(
      [
        { skuCode: 'S1', origin: 'A', quantity: 3 },
        { skuCode: 'S2', origin: 'A', quantity: 5 },
        { origin: 'A', quantity: 5 },
      ],
      [{ sku: 'S1', weightKg: 0.25 }],
    );
    expect(result.deliveryCost).toBe(0.75);
  });
});

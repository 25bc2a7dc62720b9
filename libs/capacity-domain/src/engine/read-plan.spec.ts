/** Phase 1: what a calculation may read (counter ranges, stock rows, product weights). */
import { demoSnapshot, e10Request } from '../testing/demo-world';
import {
  clockAt,
  documentOf,
  E10_CLOCK,
  homeRoute,
  node,
  requestA,
  snapshotOf,
  zone,
} from '../testing/world-builder';
import { planReads } from './read-plan';

describe('read plan', () => {
  it('covers the counters of every valid path with the bounds of the E4 searches', () => {
    // start 11-23; picking ≤ 12-22; ready ≤ 12-23; first departure ≤ 2027-01-21; + 4 later searches of 30 days
    expect(planReads(demoSnapshot(), e10Request(), E10_CLOCK)).toEqual({
      counters: [
        { scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', from: '2026-11-23', to: '2027-05-21' },
        { scope: 'PICKING', ref: 'CD01', from: '2026-11-23', to: '2026-12-22' },
        { scope: 'WINDOW', ref: 'R-CD01-LIMCENTRO-N:AM', from: '2026-11-23', to: '2027-05-24' },
        { scope: 'WINDOW', ref: 'R-CD01-LIMCENTRO-N:PM', from: '2026-11-23', to: '2027-05-24' },
      ],
      stock: [],
      productWeights: [],
    });
  });

  it('bounds the last step by the range: rangeStart pushes it, rangeEnd caps it', () => {
    const snapshot = snapshotOf(
      documentOf({
        settings: { searchHorizonDays: 3, maxDeliveryDates: 2 },
        nodes: [node('A')],
        zones: [zone('Z', ['150101'])],
        routes: [homeRoute('R', 'A', 'Z', { leadTimeDays: 1 })],
      }),
    );
    const dispatchTo = (rangeStart: string | null, rangeEnd: string | null) =>
      planReads(
        snapshot,
        requestA({
          deliveryData: { zone: 'Z' },
          calculationOptions: { rangeStart, rangeEnd },
          items: [{ skuCode: 'S', origin: 'A' }],
        }),
        E10_CLOCK,
      ).counters.find((read) => read.scope === 'DISPATCH')?.to;
    // picking ≤ 11-25, first departure ≤ 11-27, one later search: ≤ 11-30
    expect(dispatchTo(null, null)).toBe('2026-11-30');
    // a date before 12-10 is not counted: the last unlisted departure is ≤ 12-08, the next search ends ≤ 12-11, one more: 12-14
    expect(dispatchTo('2026-12-10', null)).toBe('2026-12-14');
    expect(dispatchTo(null, '2026-11-28')).toBe('2026-11-30');
    expect(dispatchTo(null, '2026-11-20')).toBe('2026-11-27');
  });

  it('starts the ranges the day after a purchase made today after the cut-off', () => {
    const plan = planReads(
      demoSnapshot(),
      e10Request({ purchaseDate: '2026-11-22' }),
      clockAt('2026-11-22T23:30:00Z'),
    );
    expect(plan.counters.find((read) => read.scope === 'PICKING')).toEqual({
      scope: 'PICKING',
      ref: 'CD01',
      from: '2026-11-23',
      to: '2026-12-22',
    });
  });

  it('lists stock rows for checked groups and placement candidates, and product weights only for the cost', () => {
    const request = requestA({
      deliveryData: { zone: 'LIM-CENTRO' },
      calculationOptions: { validateStock: true, dispatchCostEnabled: true },
      items: [
        { skuCode: 'SKU-1', origin: 'SEL01', weight: 10 },
        { skuCode: 'SKU-2' },
        { skuCode: 'SKU-3', origin: 'NOPE' },
      ],
    });
    const plan = planReads(demoSnapshot(), request, E10_CLOCK);
    // candidates for LIM-CENTRO: CD01 (TD05/TD07 have no path there)
    expect(plan.stock).toEqual([
      { sku: 'SKU-2', node: 'CD01' },
      { sku: 'SKU-1', node: 'SEL01' },
    ]);
    expect(plan.productWeights).toEqual(['SKU-2', 'SKU-3']);
    expect(plan.counters.map((read) => `${read.scope} ${read.ref}`)).toEqual([
      'DISPATCH R-CD01-LIMCENTRO-N',
      'DISPATCH R-SEL01-CD01-T',
      'PICKING CD01',
      'PICKING SEL01',
      'WINDOW R-CD01-LIMCENTRO-N:AM',
      'WINDOW R-CD01-LIMCENTRO-N:PM',
    ]);
    expect(planReads(demoSnapshot(), { ...request, calculationOptions: {} }, E10_CLOCK)).toMatchObject({
      stock: [{ sku: 'SKU-2', node: 'CD01' }],
      productWeights: [],
    });
  });

  it('without counters (a replay): the same stock rows and product weights, no counter, no path enumerated', () => {
    const request = requestA({
      deliveryData: { zone: 'LIM-CENTRO' },
      calculationOptions: { validateStock: true, dispatchCostEnabled: true },
      items: [{ skuCode: 'SKU-1', origin: 'SEL01', weight: 10 }, { skuCode: 'SKU-2' }],
    });
    const full = planReads(demoSnapshot(), request, E10_CLOCK);
    expect(full.counters).not.toHaveLength(0);
    expect(planReads(demoSnapshot(), request, E10_CLOCK, { counters: false })).toEqual({
      ...full,
      counters: [],
    });
  });

  it('asks for nothing when the request is rejected by the domain rules', () => {
    const request = requestA({
      dispatchMode: 'ALL_DISPATCH_MODES',
      deliveryData: { zone: 'LIM-CENTRO' },
      items: [{ skuCode: 'SKU-1' }],
    });
    expect(planReads(demoSnapshot(), request, E10_CLOCK)).toEqual({
      counters: [],
      stock: [],
      productWeights: [],
    });
  });

  it('plans layout B lines with a known origin of the right type', () => {
    const line = {
      entityType: 'CD',
      skuCode: 'S',
      zone: 'LIM-SUR',
      dispatchType: 'NORMAL' as const,
      destination: 'x',
      quantity: 1,
      latitude: 0,
      longitude: 0,
      deliveryMode: 'HOME_DELIVERY' as const,
    };
    const plan = planReads(
      demoSnapshot(),
      {
        purchaseDate: '2026-11-23',
        isPurchaseOrderDeliveryDateRequest: true,
        items: [
          { ...line, origin: 'CD01' },
          { ...line, origin: 'TD05' },
        ],
      },
      E10_CLOCK,
    );
    expect(plan.counters.map((read) => `${read.scope} ${read.ref}`)).toEqual([
      'DISPATCH R-CD01-TD05-T',
      'DISPATCH R-TD05-LIMSUR-N',
      'PICKING CD01',
    ]);
    expect([plan.stock, plan.productWeights]).toEqual([[], []]);
  });
});

/** E9/E11.6: the 400s that need domain knowledge, and the inputs that are not 400s. */
import { demoSnapshot } from '../testing/demo-world';
import { layoutA, requestA, runAsService, stockRow } from '../testing/world-builder';
import type { CalculateDeliveryCapacityRequest } from '../request/capacity-request.types';

const invalid = (request: CalculateDeliveryCapacityRequest) => {
  const outcome = runAsService(demoSnapshot(), request);
  return outcome.kind === 'invalid' ? outcome.errors : [];
};

describe('E11.6 more 400s', () => {
  it('E11.6 UBIGEO_NEAREST_STORE needs deliveryData.ubigeoCode when some item has no origin', () => {
    const request = (ubigeoCode: string | null, origin: string | null) =>
      requestA({
        deliveryData: { zone: 'LIM-CENTRO', ubigeoCode },
        calculationOptions: { optimization: 'UBIGEO_NEAREST_STORE' },
        items: [{ skuCode: 'SKU-1', origin }],
      });
    expect(invalid(request(null, null))).toEqual([
      {
        field: 'deliveryData.ubigeoCode',
        message: 'required by UBIGEO_NEAREST_STORE when an item has no origin',
      },
    ]);
    expect(invalid(request('', null))).toHaveLength(1);
    expect(invalid(request(null, 'CD01'))).toEqual([]);
    expect(invalid(request('150101', null))).toEqual([]);
  });

  it('E11.6 an item without skuCode in a group whose stock is checked', () => {
    const items = [{ origin: 'CD01' }, { skuCode: '' }, { skuCode: 'SKU-1', origin: 'CD01' }];
    expect(invalid(requestA({ deliveryData: { zone: 'LIM-CENTRO' }, items }))).toEqual([
      { field: 'items[1].skuCode', message: 'required when the stock of the item is checked' },
    ]);
    expect(
      invalid(
        requestA({
          deliveryData: { zone: 'LIM-CENTRO' },
          calculationOptions: { validateStock: true },
          items,
        }),
      ),
    ).toEqual([
      { field: 'items[0].skuCode', message: 'required when the stock of the item is checked' },
      { field: 'items[1].skuCode', message: 'required when the stock of the item is checked' },
    ]);
  });

  it('E11.6 several problems are reported together', () => {
    const request = requestA({
      dispatchMode: 'ALL_DISPATCH_MODES',
      deliveryData: { zone: 'LIM-CENTRO' },
      calculationOptions: { optimization: 'UBIGEO_NEAREST_STORE' },
      items: [{}, { skuCode: 'SKU-1', origin: 'CD01' }],
    });
    expect(invalid(request).map((problem) => problem.field)).toEqual([
      'items[0].origin',
      'deliveryData.ubigeoCode',
      'items[0].skuCode',
    ]);
  });

  it('E11.6 origin "" is absent in layout A (the item is placed)', () => {
    const outcome = layoutA(
      runAsService(
        demoSnapshot(),
        requestA({ deliveryData: { zone: 'LIM-CENTRO' }, items: [{ skuCode: 'SKU-1', origin: '' }] }),
        { stock: [stockRow('SKU-1', 'CD01', 5)] },
      ),
    );
    expect(outcome.response.logisticsCapacity.map((g) => g.origin)).toEqual(['CD01']);
  });

  it('E11.6 range dates before the purchase date are allowed; without identifier the result leaves it to the service', () => {
    const outcome = layoutA(
      runAsService(
        demoSnapshot(),
        requestA({
          deliveryData: { zone: 'LIM-CENTRO' },
          calculationOptions: { rangeStart: '2026-01-01' },
          items: [{ skuCode: 'SKU-1', origin: 'CD01' }],
        }),
      ),
    );
    expect(outcome.response.identifier).toBeNull();
    expect(outcome.response.logisticsCapacity[0].deliveryDates[0][0]).toBe('2026-11-26');
    const named = layoutA(
      runAsService(
        demoSnapshot(),
        requestA({
          identifier: 'order-1',
          deliveryData: { zone: 'LIM-CENTRO' },
          items: [{ skuCode: 'SKU-1', origin: 'CD01' }],
        }),
      ),
    );
    expect(named.response.identifier).toBe('order-1');
  });
});

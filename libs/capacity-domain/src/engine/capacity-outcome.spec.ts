/** E9 outcomes: 404 when every group lacks only routes, the domain's 400s, layout detection. */
import { demoSnapshot, e10Request } from '../testing/demo-world';
import { layoutA, layoutB, requestA, runAsService } from '../testing/world-builder';
import { detectLayout } from '../request/capacity-request.types';
import { ROUTES_NOT_FOUND_CODE, ROUTES_NOT_FOUND_MESSAGE } from './capacity-outcome';

const item = (origin: string) => ({ skuCode: 'SKU-1', origin });

describe('E9 HTTP outcome', () => {
  it('E9 routesNotFound (404) when there is a group and every one has ROUTE_NOT_EXIST as its only error', () => {
    const outcome = layoutA(
      runAsService(demoSnapshot(), e10Request({ items: [item('NOPE'), item('TD07')] })),
    );
    expect(outcome.kind).toBe('routesNotFound');
    expect(
      outcome.response.logisticsCapacity.map((g) => g.detailedCapacityError[0].details[0].errorCode),
    ).toEqual(['ROUTE_NOT_EXIST', 'ROUTE_NOT_EXIST']);
    expect([ROUTES_NOT_FOUND_CODE, ROUTES_NOT_FOUND_MESSAGE]).toEqual([
      'ROUTES_NOT_FOUND',
      'No routes were found to process the date calculation',
    ]);
  });

  it('E9 ok (200) as soon as one group has dates or another error', () => {
    expect(
      layoutA(runAsService(demoSnapshot(), e10Request({ items: [item('NOPE'), item('CD01')] }))).kind,
    ).toBe('ok');
    const stockError = e10Request({
      items: [item('NOPE'), item('TD07')],
      calculationOptions: { validateStock: true },
    });
    expect(layoutA(runAsService(demoSnapshot(), stockError)).kind).toBe('ok');
  });

  it('E9 layout B: routesNotFound when every line has only ROUTE_NOT_EXIST', () => {
    const base = {
      entityType: 'CD',
      skuCode: 'S',
      zone: 'LIM-CENTRO',
      dispatchType: 'NORMAL' as const,
      destination: 'x',
      quantity: 1,
      latitude: 0,
      longitude: 0,
      deliveryMode: 'HOME_DELIVERY' as const,
    };
    const missing = {
      purchaseDate: '2026-11-23',
      items: [
        { ...base, origin: 'NOPE' },
        { ...base, origin: 'CD01', zone: 'NOPE' },
      ],
    };
    expect(layoutB(runAsService(demoSnapshot(), missing)).kind).toBe('routesNotFound');
    const mismatch = {
      purchaseDate: '2026-11-23',
      items: [
        { ...base, origin: 'NOPE' },
        { ...base, origin: 'CD01', entityType: 'TD' },
      ],
    };
    expect(layoutB(runAsService(demoSnapshot(), mismatch)).kind).toBe('ok');
  });

  it('E9 the layout is A with deliveryData, B when the first item has deliveryMode or entityType, else A', () => {
    expect(detectLayout({ deliveryData: {}, items: [{ deliveryMode: 'HOME_DELIVERY' }] })).toBe('A');
    expect(detectLayout({ items: [{ deliveryMode: 'HOME_DELIVERY' }] })).toBe('B');
    expect(detectLayout({ items: [{ entityType: 'CD' }, {}] })).toBe('B');
    expect(detectLayout({ deliveryData: null, items: [{ skuCode: 'S' }] })).toBe('A');
    expect(detectLayout({ items: [] })).toBe('A');
    expect(detectLayout('text')).toBe('A');
  });

  it('E9 the domain 400s come back as an invalid outcome with field paths', () => {
    const request = requestA({
      dispatchMode: 'ALL_DISPATCH_MODES',
      deliveryData: { zone: 'LIM-CENTRO' },
      items: [item('CD01'), { skuCode: 'SKU-1' }],
    });
    expect(runAsService(demoSnapshot(), request)).toEqual({
      kind: 'invalid',
      errors: [{ field: 'items[1].origin', message: 'required when dispatchMode is ALL_DISPATCH_MODES' }],
    });
  });
});

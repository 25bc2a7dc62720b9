/** E10: the worked examples on the demo configuration, clock 2026-11-22 12:00 America/Lima. */
import { demoSnapshot, e10Request } from '../testing/demo-world';
import { clockAt, E10_CLOCK, layoutA, runAsService, used } from '../testing/world-builder';
import type { DeliveryCapacityGroupResponse } from '../request/capacity-response.types';
import type { Rows } from '../testing/world-builder';
import type { CalculateDeliveryCapacityRequest } from '../request/capacity-request.types';

function group(
  request: CalculateDeliveryCapacityRequest,
  rows: Rows = {},
  clock = E10_CLOCK,
): DeliveryCapacityGroupResponse {
  const outcome = layoutA(runAsService(demoSnapshot(), request, rows, clock));
  expect(outcome.kind).toBe('ok');
  expect(outcome.response.logisticsCapacity).toHaveLength(1);
  const [result] = outcome.response.logisticsCapacity;
  expect(result.detailedCapacityError).toEqual([]);
  expect(result.message).toBe('OK');
  const warnings = result.detailedCapacityWarning.flatMap((warning) =>
    warning.details.map((detail) => detail.errorCode),
  );
  expect(warnings).not.toContain('CAPACITY_CONFIGURATION_WARNING');
  return result;
}

const row1 = (): CalculateDeliveryCapacityRequest =>
  e10Request({ calculationOptions: { dispatchCostEnabled: true } });

describe('E10 worked examples', () => {
  it('E10 row 1: CD01 home delivery to LIM-CENTRO with cost', () => {
    const result = group(row1());
    expect(result.pickingDate).toBe('2026-11-23');
    expect(result.route).toBe('R-CD01-LIMCENTRO-N');
    expect(result.deliveryDates).toEqual([
      ['2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05'],
    ]);
    expect(result.deliveryCost).toBe(11.5);
    expect(result.isWholesale).toBe(false);
    expect(result.wholesaleAdditionalDays).toBe(0);
    expect(result.detailedCapacityWarning).toEqual([]);
    const [first] = result.deliveryTrace;
    expect(first.deliveryDate).toBe('2026-11-26');
    expect(first.shippingEstimate).toBe(3);
    expect(first.details).toEqual([
      {
        sourceNode: 'CD01',
        targetNode: 'LIM-CENTRO',
        route: 'R-CD01-LIMCENTRO-N',
        usedDispatchCapacity: 0,
        usedPickingCapacity: 0,
        dispatchDate: '2026-11-24',
        dispatchUnits: 2,
        leadTime: 1,
        daysOfWeek: 'LUN,MIE,VIE',
        departureDate: '2026-11-25',
        receptionDate: '2026-11-26',
      },
    ]);
    expect(first.deliveryWindows).toEqual([
      {
        deliveryWindow: 'AM',
        deliveryWindowStart: '2026-11-26T09:00:00-05:00',
        deliveryWindowEnd: '2026-11-26T13:00:00-05:00',
        blocked: false,
      },
      {
        deliveryWindow: 'PM',
        deliveryWindowStart: '2026-11-26T14:00:00-05:00',
        deliveryWindowEnd: '2026-11-26T18:00:00-05:00',
        blocked: false,
      },
    ]);
    expect(result.deliveryTrace.map((entry) => entry.shippingEstimate)).toEqual([3, 5, 8, 10, 12]);
    expect(result.arriveDates).toEqual([{ node: 'LIM-CENTRO', arriveDate: '2026-11-26' }]);
  });

  it('E10 row 2: a nearly full dispatch counter on 11-25 moves the departure to 11-27', () => {
    const result = group(row1(), { counters: [used('DISPATCH', 'R-CD01-LIMCENTRO-N', '2026-11-25', 199)] });
    expect(result.deliveryDates).toEqual([
      ['2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05', '2026-12-08'],
    ]);
    expect(result.deliveryTrace[0].details[0].departureDate).toBe('2026-11-27');
    expect(result.deliveryTrace[0].details[0].usedDispatchCapacity).toBe(0);
    expect(result.detailedCapacityWarning).toEqual([]);
  });

  it('E10 row 3: both windows full on 11-26 give later dates and DELIVERY_WINDOWS_WARNING', () => {
    const counters = [
      used('WINDOW', 'R-CD01-LIMCENTRO-N:AM', '2026-11-26', 40),
      used('WINDOW', 'R-CD01-LIMCENTRO-N:PM', '2026-11-26', 40),
    ];
    const result = group(row1(), { counters });
    expect(result.deliveryDates).toEqual([
      ['2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05', '2026-12-08'],
    ]);
    expect(result.detailedCapacityWarning).toHaveLength(1);
    expect(result.detailedCapacityWarning[0].code).toBe('CAPACITY_WARNING');
    expect(result.detailedCapacityWarning[0].details.map((detail) => [detail.errorCode, detail.sku])).toEqual(
      [['DELIVERY_WINDOWS_WARNING', null]],
    );
  });

  it('E10 row 4: LIM-SUR goes through TD05 on a 2-leg path', () => {
    const result = group(e10Request({ deliveryData: { zone: 'LIM-SUR' } }));
    expect(result.route).toBe('R-CD01-TD05-T>R-TD05-LIMSUR-N');
    expect(result.routeDescription).toBe('CD Lurín to Tienda Miraflores > Tienda Miraflores to Lima Sur');
    const [leg1, leg2] = result.deliveryTrace[0].details;
    expect([leg1.dispatchDate, leg1.departureDate, leg1.receptionDate, leg1.targetNode]).toEqual([
      '2026-11-24',
      '2026-11-24',
      '2026-11-25',
      'TD05',
    ]);
    expect([leg2.dispatchDate, leg2.departureDate, leg2.receptionDate, leg2.targetNode]).toEqual([
      '2026-11-25',
      '2026-11-25',
      '2026-11-26',
      'LIM-SUR',
    ]);
    expect(result.arriveDates).toEqual([
      { node: 'TD05', arriveDate: '2026-11-25' },
      { node: 'LIM-SUR', arriveDate: '2026-11-26' },
    ]);
    expect(result.leadTimes).toEqual([1, 1]);
    expect(result.routeDaysOfWeek).toEqual([
      ['MAR', 'JUE'],
      ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'],
    ]);
    expect(result.deliveryDates).toEqual([
      ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'],
    ]);
    expect(result.deliveryTrace[0].deliveryWindows).toEqual([]);
  });

  it('E10 row 5: store withdrawal at TD07 from CD01', () => {
    const result = group(
      e10Request({ dispatchMode: 'STORE_WITHDRAWAL', deliveryData: { destination: 'TD07' } }),
    );
    expect(result.route).toBe('R-CD01-TD07-W');
    expect(result.destination).toBe('TD07');
    expect(result.zone).toBeNull();
    expect(result.pickupEntityDetails?.entityCode).toBe('TD07');
    expect(result.pickupEntityDetails?.distanceInfo).toBeNull();
    expect(result.deliveryDates).toEqual([
      ['2026-11-28', '2026-12-02', '2026-12-05', '2026-12-09', '2026-12-12'],
    ]);
  });

  it('E10 row 6: withdrawal at the origin TD05 is an empty path', () => {
    const result = group(
      e10Request({ dispatchMode: 'STORE_WITHDRAWAL', deliveryData: { destination: 'TD05' } }, 'TD05'),
    );
    expect(result.route).toBe('');
    expect(result.routeDescription).toBe('');
    expect(result.leadTimes).toEqual([]);
    expect(result.arriveDates).toEqual([]);
    expect(result.pickingDate).toBe('2026-11-23');
    expect(result.deliveryDates).toEqual([
      ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
    ]);
    expect(result.deliveryTrace[0]).toEqual({
      deliveryDate: '2026-11-23',
      shippingEstimate: 0,
      details: [],
      deliveryWindows: [],
    });
  });

  it('E10 row 7: a purchase on 12-24 waits for the 12-25 holiday at CD01', () => {
    const result = group(e10Request({ purchaseDate: '2026-12-24' }));
    expect(result.pickingDate).toBe('2026-12-24');
    const [leg] = result.deliveryTrace[0].details;
    expect(leg.dispatchDate).toBe('2026-12-25');
    expect(leg.departureDate).toBe('2026-12-28');
    expect(result.deliveryDates[0][0]).toBe('2026-12-29');
  });

  it('E10 row 8: 120 units are wholesale, 2 extra days', () => {
    const result = group(
      e10Request({ items: [{ skuCode: 'SKU-1', quantity: 120, weight: 1500, origin: 'CD01' }] }),
    );
    expect(result.deliveryDates).toEqual([
      ['2026-11-28', '2026-11-30', '2026-12-03', '2026-12-05', '2026-12-07'],
    ]);
    expect(result.isWholesale).toBe(true);
    expect(result.wholesaleAdditionalDays).toBe(2);
    const [leg] = result.deliveryTrace[0].details;
    expect([leg.departureDate, leg.receptionDate, leg.dispatchUnits]).toEqual([
      '2026-11-25',
      '2026-11-26',
      120,
    ]);
    expect(result.arriveDates).toEqual([{ node: 'LIM-CENTRO', arriveDate: '2026-11-26' }]);
    expect(result.deliveryTrace[0].deliveryWindows.map((window) => window.deliveryWindowStart)).toEqual([
      '2026-11-28T09:00:00-05:00',
      '2026-11-28T14:00:00-05:00',
    ]);
  });

  it('E10 gives the same first row with any clock before 2026-11-23 18:00 Lima', () => {
    const late = group(row1(), {}, clockAt('2026-11-23T22:59:00Z'));
    expect(late.pickingDate).toBe('2026-11-23');
    expect(late.deliveryDates).toEqual([
      ['2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05'],
    ]);
  });
});

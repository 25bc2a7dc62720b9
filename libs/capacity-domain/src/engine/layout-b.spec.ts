/** E8 layout B and E1.7 calendar-only mode, on the demo configuration with the E10 clock. */
import { demoSnapshot } from '../testing/demo-world';
import { clockAt, layoutB, runAsService, used } from '../testing/world-builder';
import type { DeliveryDateRequest, DispatchItemRequest } from '../request/capacity-request.types';
import type { Rows } from '../testing/world-builder';

const line = (fields: Partial<DispatchItemRequest> = {}): DispatchItemRequest => ({
  origin: 'CD01',
  entityType: 'CD',
  skuCode: 'SKU-1',
  zone: 'LIM-CENTRO',
  dispatchType: 'NORMAL',
  destination: '150101',
  quantity: 2,
  latitude: -12.1,
  longitude: -77.03,
  deliveryMode: 'HOME_DELIVERY',
  ...fields,
});
const run = (
  items: DispatchItemRequest[],
  fields: Partial<DeliveryDateRequest> = {},
  rows: Rows = {},
  clock = clockAt('2026-11-22T17:00:00Z'),
) => layoutB(runAsService(demoSnapshot(), { purchaseDate: '2026-11-23', items, ...fields }, rows, clock));
const ROW1_DATES = ['2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05'];

describe('E8 layout B', () => {
  it('E8 answers one line per item in item order; bad origins are answered alone', () => {
    const outcome = run([
      line({ line: '1' }),
      line({ entityType: 'TD', line: '2' }),
      line({ origin: 'NOPE', skuCode: 'SKU-9', line: '3' }),
      line({ deliveryMode: 'STORE_WITHDRAWAL', destination: 'TD07', skuCode: 'SKU-2', line: '4' }),
    ]);
    expect(outcome.kind).toBe('ok');
    const [home, wrongType, unknown, store] = outcome.response;
    expect(home).toMatchObject({
      skuCode: 'SKU-1',
      line: '1',
      processingDays: 1,
      leadTimes: [1],
      pickingDate: '2026-11-23',
      deliveryDates: ROW1_DATES,
      message: 'OK',
    });
    expect(home.deliveryTrace[0].details[0]).toMatchObject({
      route: 'R-CD01-LIMCENTRO-N',
      departureDate: '2026-11-25',
      dispatchUnits: 2,
    });
    expect(wrongType).toEqual({
      skuCode: 'SKU-1',
      line: '2',
      processingDays: null,
      leadTimes: [],
      pickingDate: null,
      deliveryDates: [],
      deliveryTrace: [],
      message: 'origin CD01 is of type CD, not TD',
      validUntil: null,
    });
    expect(unknown).toEqual({
      skuCode: 'SKU-9',
      line: '3',
      processingDays: null,
      leadTimes: [],
      pickingDate: null,
      deliveryDates: [],
      deliveryTrace: [],
      message: 'unknown origin NOPE',
      validUntil: null,
    });
    expect(store).toMatchObject({
      skuCode: 'SKU-2',
      leadTimes: [2],
      deliveryDates: ['2026-11-28', '2026-12-02', '2026-12-05', '2026-12-09', '2026-12-12'],
    });
  });

  it('E8 lines sharing origin, dispatch type, mode, zone and destination are one group with their units summed', () => {
    const grouped = run([line({ quantity: 60 }), line({ quantity: 60, skuCode: 'SKU-3' })]);
    expect(grouped.response.map((l) => l.deliveryDates)).toEqual([
      ['2026-11-28', '2026-11-30', '2026-12-03', '2026-12-05', '2026-12-07'],
      ['2026-11-28', '2026-11-30', '2026-12-03', '2026-12-05', '2026-12-07'],
    ]);
    expect(grouped.response[1].deliveryTrace[0].details[0].dispatchUnits).toBe(120);
    // a different destination is another group, even for home delivery where only the zone decides
    const apart = run([line({ quantity: 60 }), line({ quantity: 60, destination: '150131' })]);
    expect(apart.response.map((l) => l.deliveryDates)).toEqual([ROW1_DATES, ROW1_DATES]);
  });

  it('E8 the zone decides home delivery; a store destination must be a pickup point', () => {
    const outcome = run([
      line({ zone: 'NOPE' }),
      line({ deliveryMode: 'STORE_WITHDRAWAL', destination: 'CD01' }),
      line(),
    ]);
    expect(outcome.response.map((l) => l.message)).toEqual([
      'unknown zone NOPE',
      'CD01 is not a pickup point',
      'OK',
    ]);
  });
});

describe('E1.7 calendar-only mode', () => {
  const full = [
    used('DISPATCH', 'R-CD01-LIMCENTRO-N', '2026-11-25', 200),
    used('PICKING', 'CD01', '2026-11-23', 1000),
  ];

  it('E1.7 every free-capacity test passes and the trace still reports the stored counters', () => {
    expect(run([line()], {}, { counters: full }).response[0].deliveryDates[0]).toBe('2026-11-28');
    const calendar = run([line()], { isPurchaseOrderDeliveryDateRequest: true }, { counters: full })
      .response[0];
    expect(calendar.deliveryDates).toEqual(ROW1_DATES);
    expect(calendar.deliveryTrace[0].details[0]).toMatchObject({
      usedDispatchCapacity: 200,
      usedPickingCapacity: 1000,
      departureDate: '2026-11-25',
    });
  });

  it('E1.7 the time-of-day closure of windows still applies', () => {
    // purchase 11-24: departure 11-25 delivers 11-26, which is "today" for these clocks
    const calendarOnly = { purchaseDate: '2026-11-24', isPurchaseOrderDeliveryDateRequest: true };
    // 2026-11-26 15:00 Lima: both windows of today are closed, whatever the counters
    const late = run([line()], calendarOnly, {}, clockAt('2026-11-26T20:00:00Z')).response[0];
    expect(late.deliveryDates[0]).toBe('2026-11-28');
    // 08:00 Lima: both still open
    const early = run([line()], calendarOnly, {}, clockAt('2026-11-26T13:00:00Z')).response[0];
    expect(early.deliveryDates[0]).toBe('2026-11-26');
    expect(early.deliveryTrace[0].deliveryWindows.map((w) => w.blocked)).toEqual([false, false]);
  });
});

/** E1.3, E1.6, E2, E4.1–E4.6 and E11.1: the dates along one path. */
import { datesOf, errorsOf, onlyGroup, warningCodesOf } from '../testing/group-helpers';
import {
  clockAt,
  documentOf,
  homeRoute,
  node,
  requestA,
  snapshotOf,
  transfer,
  used,
  zone,
} from '../testing/world-builder';

type Fields = Record<string, unknown>;

/** A (CD) → Z by route R; purchase Monday 2026-11-23, clock Sunday 11-22 12:00 Lima. */
function line(
  routeFields: Fields = {},
  nodeFields: Fields = {},
  settings: Fields = {},
  capacityOverrides: Fields[] = [],
) {
  return snapshotOf(
    documentOf({
      settings,
      nodes: [node('A', nodeFields)],
      zones: [zone('Z', ['150101'])],
      routes: [homeRoute('R', 'A', 'Z', { leadTimeDays: 1, ...routeFields })],
      capacityOverrides,
    }),
  );
}

/** A → B (transfer T) → Z (home H). */
function twoLegs(transferFields: Fields, homeFields: Fields, bFields: Fields = {}, settings: Fields = {}) {
  return snapshotOf(
    documentOf({
      settings,
      nodes: [node('A'), node('B', { type: 'TD', ...bFields })],
      zones: [zone('Z', ['150101'])],
      routes: [transfer('T', 'A', 'B', transferFields), homeRoute('H', 'B', 'Z', homeFields)],
    }),
  );
}

const request = (fields: Fields = {}, units = 1) =>
  requestA({ deliveryData: { zone: 'Z' }, items: [{ skuCode: 'S', origin: 'A', units }], ...fields });

describe('E1.3 horizon', () => {
  it('E1.3 a search looks at H days from its start and fails after them', () => {
    const group = onlyGroup(line({ daysOfWeek: ['JUE'] }, {}, { searchHorizonDays: 3 }), request());
    expect(errorsOf(group)).toEqual([
      ['CAPACITY_ERROR', 'DISPATCH_NOT_AVAILABLE', 'no departure of route R from 2026-11-23 to 2026-11-25'],
    ]);
    expect(
      datesOf(onlyGroup(line({ daysOfWeek: ['MIE'] }, {}, { searchHorizonDays: 3 }), request()))[0],
    ).toBe('2026-11-26');
  });

  it('E1.3 H bounds each search on its own, not the whole path', () => {
    const snapshot = twoLegs(
      { daysOfWeek: ['MIE'], leadTimeDays: 2 },
      { daysOfWeek: ['DOM'], leadTimeDays: 1 },
      {},
      { searchHorizonDays: 3 },
    );
    const group = onlyGroup(snapshot, request());
    expect(
      group.deliveryTrace[0].details.map((d) => [d.dispatchDate, d.departureDate, d.receptionDate]),
    ).toEqual([
      ['2026-11-23', '2026-11-25', '2026-11-27'],
      ['2026-11-27', '2026-11-29', '2026-11-30'],
    ]);
    expect(datesOf(group)).toEqual(['2026-11-30']);
  });
});

describe('E1.3 horizon consequence', () => {
  it('E1.3 with a short horizon a later start can find a departure an earlier search missed', () => {
    const snapshot = snapshotOf(
      documentOf({
        settings: { searchHorizonDays: 3 },
        nodes: [node('A', { pickingCapacity: 1 })],
        zones: [zone('Z', ['150101'])],
        routes: [
          homeRoute('R1', 'A', 'Z', { daysOfWeek: ['JUE'], priority: 1 }),
          homeRoute('R2', 'A', 'Z', { leadTimeDays: 10, priority: 2 }),
        ],
      }),
    );
    // picking 11-23: R1 searches 11-23…11-25 and fails, R2 delivers 12-03
    expect(onlyGroup(snapshot, request()).deliveryDates.map((dates) => dates[0])).toEqual(['2026-12-03']);
    // a full picking counter on 11-23 moves picking to 11-24: R1 now finds Thursday 11-26 — an earlier first date
    const less = onlyGroup(snapshot, request(), { counters: [used('PICKING', 'A', '2026-11-23', 1)] });
    expect(less.deliveryDates.map((dates) => dates[0])).toEqual(['2026-11-26', '2026-12-04']);
  });
});

describe('E1.6 counters', () => {
  it('E1.6 an override replaces the default capacity for its date', () => {
    const overrides = [{ scope: 'DISPATCH', ref: 'R', date: '2026-11-23', capacity: 0 }];
    const group = onlyGroup(line({ dispatchCapacity: 10 }, {}, {}, overrides), request());
    expect(group.deliveryTrace[0].details[0].departureDate).toBe('2026-11-24');
  });

  it('E1.6 a null override makes the counter unlimited that day', () => {
    const overrides = [{ scope: 'DISPATCH', ref: 'R', date: '2026-11-25', capacity: null }];
    const group = onlyGroup(line({ dispatchCapacity: 0 }, {}, {}, overrides), request());
    expect(datesOf(group)).toEqual(['2026-11-26']);
    expect(warningCodesOf(group)).toEqual(['CAPACITY_CONFIGURATION_WARNING']);
  });

  it('E1.6 PICKING and DISPATCH need free ≥ units, WINDOW needs free ≥ 1', () => {
    const snapshot = line(
      { dispatchCapacity: 5, deliveryWindows: [{ code: 'W', start: '09:00', end: '12:00', capacity: 3 }] },
      { pickingCapacity: 5 },
    );
    const fits = [
      used('PICKING', 'A', '2026-11-23', 3),
      used('DISPATCH', 'R', '2026-11-23', 3),
      used('WINDOW', 'R:W', '2026-11-24', 2),
    ];
    const group = onlyGroup(snapshot, request({}, 2), { counters: fits });
    expect(group.deliveryTrace[0].details[0]).toMatchObject({
      departureDate: '2026-11-23',
      usedPickingCapacity: 3,
      usedDispatchCapacity: 3,
    });
    expect(group.deliveryTrace[0].deliveryWindows[0].blocked).toBe(false);

    const pickingFull = onlyGroup(snapshot, request({}, 2), {
      counters: [used('PICKING', 'A', '2026-11-23', 4)],
    });
    expect(pickingFull.pickingDate).toBe('2026-11-24');
    const dispatchFull = onlyGroup(snapshot, request({}, 2), {
      counters: [used('DISPATCH', 'R', '2026-11-23', 4)],
    });
    expect(dispatchFull.deliveryTrace[0].details[0].departureDate).toBe('2026-11-24');
    const windowFull = onlyGroup(snapshot, request({}, 2), {
      counters: [used('WINDOW', 'R:W', '2026-11-24', 3)],
    });
    expect(datesOf(windowFull)[0]).toBe('2026-11-25');
  });
});

describe('E2 snapshot semantics', () => {
  it('E2 intermediate nodes apply neither picking days nor processing days', () => {
    const snapshot = twoLegs({ leadTimeDays: 1 }, {}, { pickingDays: [], processingDays: 9 });
    const group = onlyGroup(snapshot, request());
    expect(group.deliveryTrace[0].details.map((d) => d.departureDate)).toEqual(['2026-11-23', '2026-11-24']);
    expect(datesOf(group)[0]).toBe('2026-11-24');
  });

  it("E2 a reception on the target node's holiday is allowed; its next departure is not", () => {
    const snapshot = twoLegs({ leadTimeDays: 1 }, {}, { holidays: ['2026-11-24'] });
    const group = onlyGroup(snapshot, request());
    expect(group.arriveDates[0]).toEqual({ node: 'B', arriveDate: '2026-11-24' });
    expect(group.deliveryTrace[0].details[1].departureDate).toBe('2026-11-25');
  });
});

describe('E4.1 picking', () => {
  it('E4.1 picking starts the next day when the purchase is today and the cut-off has passed', () => {
    const today = { purchaseDate: '2026-11-22' };
    expect(onlyGroup(line({}, { pickingCutoffTime: '12:00' }), request(today)).pickingDate).toBe(
      '2026-11-23',
    );
    expect(onlyGroup(line({}, { pickingCutoffTime: '12:01' }), request(today)).pickingDate).toBe(
      '2026-11-22',
    );
    expect(
      onlyGroup(line({}, { pickingCutoffTime: '12:01' }), request(today), {}, clockAt('2026-11-22T17:00:59Z'))
        .pickingDate,
    ).toBe('2026-11-22');
    expect(onlyGroup(line({}, { pickingCutoffTime: '12:00' }), request()).pickingDate).toBe('2026-11-23');
  });

  it('E4.1 picking skips non-picking days, holidays and full picking counters; processing days are calendar days', () => {
    const snapshot = line(
      {},
      { pickingDays: ['MIE', 'JUE', 'VIE'], holidays: ['2026-11-25'], pickingCapacity: 5, processingDays: 2 },
    );
    const group = onlyGroup(snapshot, request({}, 2), { counters: [used('PICKING', 'A', '2026-11-26', 4)] });
    expect(group.pickingDate).toBe('2026-11-27');
    expect(group.deliveryTrace[0].details[0]).toMatchObject({
      dispatchDate: '2026-11-29',
      departureDate: '2026-11-29',
    });
    expect(datesOf(group)[0]).toBe('2026-11-30');
  });
});

describe('E4.2 legs', () => {
  it('E4.2 a departure needs a route weekday, no holiday at the source and free dispatch capacity', () => {
    const snapshot = line(
      { daysOfWeek: ['JUE', 'VIE', 'SAB'], dispatchCapacity: 3 },
      { holidays: ['2026-11-26'] },
    );
    const group = onlyGroup(snapshot, request({}, 2), { counters: [used('DISPATCH', 'R', '2026-11-27', 2)] });
    expect(group.deliveryTrace[0].details[0].departureDate).toBe('2026-11-28');
    expect(datesOf(group)[0]).toBe('2026-11-29');
  });

  it('E4.2 skips departures whose windows are all closed', () => {
    const windows = [
      { code: 'W1', start: '09:00', end: '12:00', capacity: 1 },
      { code: 'W2', start: '14:00', end: '18:00', capacity: 1 },
    ];
    const snapshot = line({ deliveryWindows: windows });
    const oneFull = onlyGroup(snapshot, request(), { counters: [used('WINDOW', 'R:W1', '2026-11-24', 1)] });
    expect(datesOf(oneFull)[0]).toBe('2026-11-24');
    expect(oneFull.deliveryTrace[0].deliveryWindows.map((w) => w.blocked)).toEqual([true, false]);
    const bothFull = onlyGroup(snapshot, request(), {
      counters: [used('WINDOW', 'R:W1', '2026-11-24', 1), used('WINDOW', 'R:W2', '2026-11-24', 1)],
    });
    expect(bothFull.deliveryTrace[0].details[0].departureDate).toBe('2026-11-24');
    expect(datesOf(bothFull)[0]).toBe('2026-11-25');
  });

  it('E4.2 a window of today is closed from its start time', () => {
    const windows = [
      { code: 'W1', start: '09:00', end: '13:00', capacity: 5 },
      { code: 'W2', start: '14:00', end: '18:00', capacity: 5 },
    ];
    const snapshot = line({ leadTimeDays: 0, deliveryWindows: windows });
    const noon = onlyGroup(snapshot, request({ purchaseDate: '2026-11-22' }));
    expect(datesOf(noon)[0]).toBe('2026-11-22');
    expect(noon.deliveryTrace[0].deliveryWindows.map((w) => w.blocked)).toEqual([true, false]);
    const afternoon = onlyGroup(
      snapshot,
      request({ purchaseDate: '2026-11-22' }),
      {},
      clockAt('2026-11-22T19:00:00Z'),
    );
    expect(datesOf(afternoon)[0]).toBe('2026-11-23');
    // unlimited picking and dispatch counters in this world: both warnings, in the contract's enum order
    expect(warningCodesOf(afternoon)).toEqual(['CAPACITY_CONFIGURATION_WARNING', 'DELIVERY_WINDOWS_WARNING']);
  });

  it("E4.2 only the last leg's windows are checked", () => {
    const full = {
      deliveryWindows: [{ code: 'W', start: '09:00', end: '12:00', capacity: 0 }],
      leadTimeDays: 1,
    };
    const group = onlyGroup(twoLegs(full, {}), request());
    expect(group.deliveryTrace[0].details.map((d) => d.departureDate)).toEqual(['2026-11-23', '2026-11-24']);
    expect(group.deliveryTrace[0].deliveryWindows).toEqual([]);
  });

  it('E4.2 with wholesale days the windows of the delivery date decide, not those of the reception', () => {
    const snapshot = line(
      { deliveryWindows: [{ code: 'W', start: '09:00', end: '12:00', capacity: 1 }] },
      {},
      { wholesale: { unitsThreshold: 10, additionalDays: 2 } },
    );
    const group = onlyGroup(snapshot, request({}, 10), {
      counters: [used('WINDOW', 'R:W', '2026-11-24', 1)],
    });
    expect(group.deliveryTrace[0].details[0].departureDate).toBe('2026-11-23');
    expect(datesOf(group)[0]).toBe('2026-11-26');
    const blocked = onlyGroup(snapshot, request({}, 10), {
      counters: [used('WINDOW', 'R:W', '2026-11-26', 1)],
    });
    expect(datesOf(blocked)[0]).toBe('2026-11-27');
  });
});

describe('E4.3 delivery date', () => {
  it('E4.3 the delivery date is the last reception plus the wholesale days; receptions are not shifted', () => {
    const snapshot = line({ leadTimeDays: 2 }, {}, { wholesale: { unitsThreshold: 5, additionalDays: 3 } });
    const wholesale = onlyGroup(snapshot, request({}, 5));
    expect(datesOf(wholesale)[0]).toBe('2026-11-28');
    expect(wholesale.arriveDates).toEqual([{ node: 'Z', arriveDate: '2026-11-25' }]);
    expect(wholesale.deliveryTrace[0].details[0].receptionDate).toBe('2026-11-25');
    expect([wholesale.isWholesale, wholesale.wholesaleAdditionalDays]).toEqual([true, 3]);
    const retail = onlyGroup(snapshot, request({}, 4));
    expect([datesOf(retail)[0], retail.isWholesale, retail.wholesaleAdditionalDays]).toEqual([
      '2026-11-25',
      false,
      0,
    ]);
  });

  it('E4.3 an empty path delivers on ready₀ plus the wholesale days; no threshold means never wholesale', () => {
    const world = (settings: Fields) =>
      snapshotOf(
        documentOf({ settings, nodes: [node('P', { type: 'TD', pickupPointId: 'PP', processingDays: 1 })] }),
      );
    const withdrawalAt = requestA({
      dispatchMode: 'STORE_WITHDRAWAL',
      deliveryData: { destination: 'P' },
      items: [{ skuCode: 'S', origin: 'P', units: 50 }],
    });
    expect(
      datesOf(onlyGroup(world({ wholesale: { unitsThreshold: 50, additionalDays: 3 } }), withdrawalAt))[0],
    ).toBe('2026-11-27');
    const never = onlyGroup(world({ wholesale: { unitsThreshold: null, additionalDays: 3 } }), withdrawalAt);
    expect([datesOf(never)[0], never.isWholesale]).toEqual(['2026-11-24', false]);
  });
});

describe('E4.4 later dates', () => {
  it("E4.4 later dates repeat only the last leg's search", () => {
    const snapshot = twoLegs({ daysOfWeek: ['LUN'], leadTimeDays: 1 }, { daysOfWeek: ['MAR', 'JUE', 'SAB'] });
    const group = onlyGroup(snapshot, request());
    expect(datesOf(group)).toEqual(['2026-11-24', '2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03']);
    expect(group.deliveryTrace.map((entry) => entry.details.map((d) => d.departureDate))).toEqual([
      ['2026-11-23', '2026-11-24'],
      ['2026-11-23', '2026-11-26'],
      ['2026-11-23', '2026-11-28'],
      ['2026-11-23', '2026-12-01'],
      ['2026-11-23', '2026-12-03'],
    ]);
    expect(group.deliveryTrace.map((entry) => entry.details[1].dispatchDate)).toEqual(
      Array(5).fill('2026-11-24'),
    );
  });

  it('E4.4 collection stops when a later search fails, or at maxDeliveryDates', () => {
    expect(
      datesOf(onlyGroup(line({ daysOfWeek: ['LUN'] }, {}, { searchHorizonDays: 5 }), request())),
    ).toEqual(['2026-11-24']);
    expect(datesOf(onlyGroup(line({}, {}, { maxDeliveryDates: 2 }), request()))).toEqual([
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('E4.4 the later dates of an empty path come from picking', () => {
    const snapshot = snapshotOf(
      documentOf({ nodes: [node('P', { type: 'TD', pickupPointId: 'PP', pickingDays: ['LUN', 'MIE'] })] }),
    );
    const group = onlyGroup(
      snapshot,
      requestA({
        dispatchMode: 'STORE_WITHDRAWAL',
        deliveryData: { destination: 'P' },
        items: [{ skuCode: 'S', origin: 'P' }],
      }),
    );
    expect(datesOf(group)).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02', '2026-12-07']);
    expect(group.pickingDate).toBe('2026-11-23');
  });
});

describe('E4.5 range', () => {
  it('E4.5 a range filters dates without moving where the searches start', () => {
    const group = onlyGroup(
      line({}, {}, { maxDeliveryDates: 2 }),
      request({ calculationOptions: { rangeStart: '2026-11-26', rangeEnd: '2026-12-31' } }),
    );
    expect(datesOf(group)).toEqual(['2026-11-26', '2026-11-27']);
    expect(group.pickingDate).toBe('2026-11-23');
    expect(group.deliveryTrace[0].details[0]).toMatchObject({
      dispatchDate: '2026-11-23',
      departureDate: '2026-11-25',
    });
  });

  it('E4.5 collection stops at the first date after rangeEnd', () => {
    const group = onlyGroup(
      line(),
      request({ calculationOptions: { rangeStart: '2026-11-26', rangeEnd: '2026-11-28' } }),
    );
    expect(datesOf(group)).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
  });

  it('E4.5 a later search that fails before the range also ends in "no delivery date within the requested range"', () => {
    const group = onlyGroup(
      line({ daysOfWeek: ['LUN'] }, {}, { searchHorizonDays: 3 }),
      request({ calculationOptions: { rangeStart: '2026-12-01' } }),
    );
    expect(errorsOf(group)).toEqual([
      ['CAPACITY_ERROR', 'DISPATCH_NOT_AVAILABLE', 'no delivery date within the requested range'],
    ]);
  });

  it('E4.5 no date within the range makes the path infeasible with DISPATCH_NOT_AVAILABLE', () => {
    const group = onlyGroup(
      line(),
      request({ calculationOptions: { rangeStart: '2026-11-01', rangeEnd: '2026-11-10' } }),
    );
    expect(errorsOf(group)).toEqual([
      ['CAPACITY_ERROR', 'DISPATCH_NOT_AVAILABLE', 'no delivery date within the requested range'],
    ]);
    expect(group.deliveryDates).toEqual([]);
  });
});

describe('E5.2 arriveDates with a range', () => {
  it('E5.2 arriveDates describe the first listed date: with a range, the last leg arrives for that date, earlier legs do not move (E4.4, E4.5)', () => {
    const group = onlyGroup(
      twoLegs({ leadTimeDays: 1 }, { leadTimeDays: 1 }, {}, { maxDeliveryDates: 2 }),
      request({ calculationOptions: { rangeStart: '2026-11-27' } }),
    );
    expect(datesOf(group)).toEqual(['2026-11-27', '2026-11-28']);
    expect(group.arriveDates).toEqual([
      { node: 'B', arriveDate: '2026-11-24' },
      { node: 'Z', arriveDate: '2026-11-27' },
    ]);
    expect(group.arriveDates.map((a) => a.arriveDate)).toEqual(
      group.deliveryTrace[0].details.map((d) => d.receptionDate),
    );
  });
});

describe('E4.6 failures', () => {
  it('E4.6 a failed picking or leg search names the node or route and the searched dates', () => {
    expect(errorsOf(onlyGroup(line({}, { pickingCapacity: 0 }), request()))).toEqual([
      ['CAPACITY_ERROR', 'DISPATCH_NOT_AVAILABLE', 'no picking date at node A from 2026-11-23 to 2026-12-22'],
    ]);
    expect(errorsOf(onlyGroup(line({ dispatchCapacity: 0 }), request()))).toEqual([
      ['CAPACITY_ERROR', 'DISPATCH_NOT_AVAILABLE', 'no departure of route R from 2026-11-23 to 2026-12-22'],
    ]);
  });

  it('E4.6 an empty pickingDays or daysOfWeek fails with ROUTE_CONFIGURATION_ERROR', () => {
    expect(errorsOf(onlyGroup(line({}, { pickingDays: [] }), request()))).toEqual([
      ['CAPACITY_ERROR', 'ROUTE_CONFIGURATION_ERROR', 'node A has no picking days'],
    ]);
    expect(errorsOf(onlyGroup(line({ daysOfWeek: [] }), request()))).toEqual([
      ['CAPACITY_ERROR', 'ROUTE_CONFIGURATION_ERROR', 'route R has no days of week'],
    ]);
  });

  it('E4.6 with no feasible path there is one detail per valid path, in path order', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('A')],
        zones: [zone('Z', ['150101'])],
        routes: [
          homeRoute('R1', 'A', 'Z', { priority: 5, dispatchCapacity: 0 }),
          homeRoute('R2', 'A', 'Z', { priority: 1, daysOfWeek: [] }),
        ],
      }),
    );
    const group = onlyGroup(snapshot, request());
    expect(errorsOf(group)).toEqual([
      ['CAPACITY_ERROR', 'ROUTE_CONFIGURATION_ERROR', 'route R2 has no days of week'],
      ['CAPACITY_ERROR', 'DISPATCH_NOT_AVAILABLE', 'no departure of route R1 from 2026-11-23 to 2026-12-22'],
    ]);
    expect(group.detailedCapacityError).toHaveLength(1);
    expect(group.message).toBe(
      'route R2 has no days of week; no departure of route R1 from 2026-11-23 to 2026-12-22',
    );
  });

  it('E4.6 when some path is feasible the failures of the others are not reported', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('A')],
        zones: [zone('Z', ['150101'])],
        routes: [homeRoute('R1', 'A', 'Z', { dispatchCapacity: 0 }), homeRoute('R2', 'A', 'Z')],
      }),
    );
    const group = onlyGroup(snapshot, request());
    expect(group.detailedCapacityError).toEqual([]);
    expect([group.route, group.message, group.deliveryDates.length]).toEqual(['R2', 'OK', 1]);
  });
});

describe('E11.1 order of checks', () => {
  it('E11.1 within a path the first failing step decides', () => {
    const group = onlyGroup(line({ daysOfWeek: [] }, { pickingCapacity: 0 }), request());
    expect(errorsOf(group)).toEqual([
      ['CAPACITY_ERROR', 'DISPATCH_NOT_AVAILABLE', 'no picking date at node A from 2026-11-23 to 2026-12-22'],
    ]);
  });

  it('E11.1 a stock error comes first and no path is evaluated', () => {
    const group = onlyGroup(
      line(),
      request({ deliveryData: { zone: 'NOPE' }, calculationOptions: { validateStock: true } }),
    );
    expect(errorsOf(group)).toEqual([['STOCK_ERROR', 'PRODUCT_STOCK_NOT_FOUND', 'no stock of S at A']]);
  });
});

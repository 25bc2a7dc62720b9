/** E5.1–E5.3: choosing among paths; the group's path and its alternatives. */
import { datesOf, errorsOf, onlyGroup } from '../testing/group-helpers';
import { documentOf, homeRoute, node, requestA, snapshotOf, transfer, zone } from '../testing/world-builder';

const routes = [
  homeRoute('R1', 'A', 'Z', { priority: 50, description: 'one' }),
  homeRoute('R2', 'A', 'Z', { priority: 1, leadTimeDays: 2 }),
  homeRoute('R3', 'A', 'Z', { priority: 10, daysOfWeek: ['LUN', 'MIE'], description: 'three' }),
  transfer('T', 'A', 'B', { priority: 1, description: 'to B', leadTimeDays: 0 }),
  homeRoute('BZ', 'B', 'Z', { priority: 1, description: 'B home', daysOfWeek: ['LUN', 'MAR', 'SAB'] }),
];
const world = (settings: Record<string, unknown> = {}) =>
  snapshotOf(
    documentOf({
      settings,
      nodes: [node('A'), node('B', { type: 'TD' })],
      zones: [zone('Z', ['150101'])],
      routes,
    }),
  );
const request = (items = [{ skuCode: 'S', origin: 'A' }]) => requestA({ deliveryData: { zone: 'Z' }, items });

describe('E5 choosing among paths', () => {
  it('E5.1 feasible paths rank by first date, then priority sum, legs and codes; routePriority has no effect', () => {
    const group = onlyGroup(
      world({ maxAlternativePaths: 10 }),
      request([{ skuCode: 'S', origin: 'A', routePriority: 1 } as never]),
    );
    // first dates: T>BZ 11-23 (priority 2), R3 11-23 (10), R1 11-23 (50), R2 11-25 (1)
    expect(group.deliveryDates.map((dates) => dates[0])).toEqual([
      '2026-11-23',
      '2026-11-23',
      '2026-11-23',
      '2026-11-25',
    ]);
    expect(group.route).toBe('T>BZ');
    expect(group.deliveryDates[1]).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-30',
      '2026-12-02',
      '2026-12-07',
    ]);
  });

  it("E5.2 the first ranked path gives the group's picking date, route, description, lead times, days, arrivals and trace", () => {
    const group = onlyGroup(world(), request());
    expect(group).toMatchObject({
      pickingDate: '2026-11-23',
      route: 'T>BZ',
      routeDescription: 'to B > B home',
      leadTimes: [0, 0],
      routeDaysOfWeek: [
        ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'],
        ['LUN', 'MAR', 'SAB'],
      ],
      arriveDates: [
        { node: 'B', arriveDate: '2026-11-23' },
        { node: 'Z', arriveDate: '2026-11-23' },
      ],
    });
    expect(group.deliveryTrace.map((entry) => entry.deliveryDate)).toEqual(datesOf(group));
    expect(datesOf(group)).toEqual(['2026-11-23', '2026-11-24', '2026-11-28', '2026-11-30', '2026-12-01']);
  });

  it('E5.3 deliveryDates holds one list per feasible path in rank order, at most maxAlternativePaths', () => {
    expect(
      onlyGroup(world({ maxAlternativePaths: 2 }), request()).deliveryDates.map((dates) => dates[0]),
    ).toEqual(['2026-11-23', '2026-11-23']);
    expect(onlyGroup(world({ maxAlternativePaths: 1 }), request()).deliveryDates).toHaveLength(1);
    expect(onlyGroup(world(), request()).deliveryDates).toHaveLength(3);
  });

  it('E5.3 no valid path at all gives CAPACITY_ERROR / ROUTE_NOT_EXIST', () => {
    const snapshot = snapshotOf(
      documentOf({ nodes: [node('A'), node('B'), node('Q')], zones: [zone('Z', ['150101'])], routes }),
    );
    const group = onlyGroup(
      snapshot,
      requestA({ deliveryData: { zone: 'Z' }, items: [{ skuCode: 'S', origin: 'Q' }] }),
    );
    expect(errorsOf(group)).toEqual([['CAPACITY_ERROR', 'ROUTE_NOT_EXIST', 'no route from Q to Z']]);
    expect(group).toMatchObject({
      route: null,
      routeDescription: null,
      pickingDate: null,
      deliveryDates: [],
      leadTimes: [],
      deliveryTrace: [],
      arriveDates: [],
    });
  });
});

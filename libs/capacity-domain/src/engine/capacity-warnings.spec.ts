/** E7.2 warnings of the group's path, and their E11.5 shape. */
import { onlyGroup, warningCodesOf } from '../testing/group-helpers';
import { documentOf, homeRoute, node, requestA, snapshotOf, used, zone } from '../testing/world-builder';

type Fields = Record<string, unknown>;
const windows = (capacityAm: number | null, capacityPm: number | null) => [
  { code: 'AM', start: '09:00', end: '12:00', capacity: capacityAm },
  { code: 'PM', start: '14:00', end: '18:00', capacity: capacityPm },
];
const world = (
  route: Fields = {},
  extraRoutes: Fields[] = [],
  overrides: Fields[] = [],
  nodeFields: Fields = {},
) =>
  snapshotOf(
    documentOf({
      nodes: [node('A', { pickingCapacity: 50, ...nodeFields })],
      zones: [zone('Z', ['150101'])],
      routes: [
        homeRoute('R', 'A', 'Z', {
          leadTimeDays: 1,
          dispatchCapacity: 50,
          priority: 1,
          deliveryWindows: windows(1, 1),
          ...route,
        }),
        ...extraRoutes,
      ],
      capacityOverrides: overrides,
    }),
  );
const request = requestA({ deliveryData: { zone: 'Z' }, items: [{ skuCode: 'S', origin: 'A' }] });
const fullWindows = (date: string) => [used('WINDOW', 'R:AM', date, 1), used('WINDOW', 'R:PM', date, 1)];

describe('E7.2 warnings', () => {
  it('E7.2 no warning when every counter is limited and no departure was passed over for its windows', () => {
    expect(onlyGroup(world(), request).detailedCapacityWarning).toEqual([]);
  });

  it('E7.2 DELIVERY_WINDOWS_WARNING when a listed date came after a departure passed over only for closed windows', () => {
    const first = onlyGroup(world(), request, { counters: fullWindows('2026-11-24') });
    expect(first.deliveryDates[0][0]).toBe('2026-11-25');
    expect(first.detailedCapacityWarning).toEqual([
      {
        code: 'CAPACITY_WARNING',
        details: [
          {
            errorCode: 'DELIVERY_WINDOWS_WARNING',
            description:
              'departures of route R were passed over because every delivery window was closed (listed dates 2026-11-25)',
            sku: null,
          },
        ],
      },
    ]);
    const third = onlyGroup(world(), request, { counters: fullWindows('2026-11-26') });
    expect(third.deliveryDates[0]).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(warningCodesOf(third)).toEqual(['DELIVERY_WINDOWS_WARNING']);
  });

  it('E7.2 no DELIVERY_WINDOWS_WARNING when the departure was also full', () => {
    const counters = [...fullWindows('2026-11-24'), used('DISPATCH', 'R', '2026-11-23', 50)];
    const group = onlyGroup(world(), request, { counters });
    expect(group.deliveryDates[0][0]).toBe('2026-11-25');
    expect(group.detailedCapacityWarning).toEqual([]);
  });

  it('E7.2 CAPACITY_CONFIGURATION_WARNING when a counter used by a listed date is unlimited (picking, a leg or a window)', () => {
    expect(warningCodesOf(onlyGroup(world({}, [], [], { pickingCapacity: null }), request))).toEqual([
      'CAPACITY_CONFIGURATION_WARNING',
    ]);
    expect(warningCodesOf(onlyGroup(world({ deliveryWindows: windows(1, null) }), request))).toEqual([
      'CAPACITY_CONFIGURATION_WARNING',
    ]);
    const onceUnlimited = [{ scope: 'DISPATCH', ref: 'R', date: '2026-11-26', capacity: null }];
    const group = onlyGroup(world({}, [], onceUnlimited), request);
    expect(group.detailedCapacityWarning[0].details).toEqual([
      {
        errorCode: 'CAPACITY_CONFIGURATION_WARNING',
        description: 'unlimited capacity: DISPATCH R on 2026-11-26',
        sku: null,
      },
    ]);
    const afterTheList = [{ scope: 'DISPATCH', ref: 'R', date: '2026-12-20', capacity: null }];
    expect(onlyGroup(world({}, [], afterTheList), request).detailedCapacityWarning).toEqual([]);
  });

  it("E7.2 only the group's path counts, not the alternatives", () => {
    const alternative = homeRoute('R2', 'A', 'Z', { priority: 9, leadTimeDays: 1 });
    const group = onlyGroup(world({}, [alternative]), request);
    expect(group.deliveryDates).toHaveLength(2);
    expect(group.detailedCapacityWarning).toEqual([]);
  });

  it('E11.5 at most one CAPACITY_WARNING entry, one detail per code in the enum order, sku null', () => {
    const group = onlyGroup(world({ deliveryWindows: windows(1, null) }), request, {
      counters: [used('WINDOW', 'R:AM', '2026-11-24', 1)],
    });
    expect(group.detailedCapacityWarning).toHaveLength(1);
    expect(group.detailedCapacityWarning[0].details.map((d) => [d.errorCode, d.sku])).toEqual([
      ['CAPACITY_CONFIGURATION_WARNING', null],
    ]);
    const both = onlyGroup(world({}, [], [], { pickingCapacity: null }), request, {
      counters: fullWindows('2026-11-24'),
    });
    expect(both.detailedCapacityWarning.map((w) => [w.code, w.details.map((d) => d.errorCode)])).toEqual([
      ['CAPACITY_WARNING', ['CAPACITY_CONFIGURATION_WARNING', 'DELIVERY_WINDOWS_WARNING']],
    ]);
  });
});

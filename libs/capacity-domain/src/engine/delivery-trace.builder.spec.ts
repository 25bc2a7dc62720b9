/** E7.1 deliveryTrace: details per leg, windows with the zone's offset on their date. */
import { onlyGroup } from '../testing/group-helpers';
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

describe('E7.1 deliveryTrace', () => {
  it('E7.1 details per leg: used counters on the departure and picking dates, ready date, units, lead time, days', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('A', { pickingCapacity: 20, processingDays: 1 }), node('B', { type: 'TD' })],
        zones: [zone('Z', ['150101'])],
        routes: [
          transfer('T', 'A', 'B', { daysOfWeek: ['MIE', 'LUN'], leadTimeDays: 2, dispatchCapacity: 20 }),
          homeRoute('H', 'B', 'Z', { daysOfWeek: ['VIE', 'SAB'], leadTimeDays: 1, dispatchCapacity: 20 }),
        ],
      }),
    );
    const counters = [
      used('PICKING', 'A', '2026-11-23', 7),
      used('DISPATCH', 'T', '2026-11-25', 3),
      used('DISPATCH', 'H', '2026-11-28', 5),
    ];
    const group = onlyGroup(
      snapshot,
      requestA({ deliveryData: { zone: 'Z' }, items: [{ skuCode: 'S', origin: 'A', units: 4 }] }),
      { counters },
    );
    expect(group.deliveryTrace.slice(0, 2)).toEqual([
      {
        deliveryDate: '2026-11-28',
        shippingEstimate: 5,
        details: [
          {
            sourceNode: 'A',
            targetNode: 'B',
            route: 'T',
            usedDispatchCapacity: 3,
            usedPickingCapacity: 7,
            dispatchDate: '2026-11-24',
            dispatchUnits: 4,
            leadTime: 2,
            daysOfWeek: 'LUN,MIE',
            departureDate: '2026-11-25',
            receptionDate: '2026-11-27',
          },
          {
            sourceNode: 'B',
            targetNode: 'Z',
            route: 'H',
            usedDispatchCapacity: 0,
            usedPickingCapacity: 7,
            dispatchDate: '2026-11-27',
            dispatchUnits: 4,
            leadTime: 1,
            daysOfWeek: 'VIE,SAB',
            departureDate: '2026-11-27',
            receptionDate: '2026-11-28',
          },
        ],
        deliveryWindows: [],
      },
      {
        deliveryDate: '2026-11-29',
        shippingEstimate: 6,
        details: [
          expect.objectContaining({ route: 'T', departureDate: '2026-11-25', usedDispatchCapacity: 3 }),
          expect.objectContaining({
            route: 'H',
            departureDate: '2026-11-28',
            usedDispatchCapacity: 5,
            dispatchDate: '2026-11-27',
          }),
        ],
        deliveryWindows: [],
      },
    ]);
  });

  it("E7.1 windows in configuration order, ISO date-times with the business time zone's offset on that date", () => {
    const snapshot = snapshotOf(
      documentOf({
        settings: { timezone: 'America/New_York' },
        nodes: [node('A')],
        zones: [zone('Z', ['150101'])],
        routes: [
          homeRoute('H', 'A', 'Z', {
            leadTimeDays: 1,
            deliveryWindows: [
              { code: 'PM', start: '14:00', end: '18:30', capacity: 5 },
              { code: 'AM', start: '01:30', end: '12:00', capacity: 5 },
            ],
          }),
        ],
      }),
    );
    const request = requestA({
      purchaseDate: '2026-10-30',
      deliveryData: { zone: 'Z' },
      items: [{ skuCode: 'S', origin: 'A' }],
    });
    const group = onlyGroup(snapshot, request, {}, clockAt('2026-10-29T12:00:00Z'));
    expect(group.deliveryTrace.slice(0, 3).map((entry) => entry.deliveryWindows)).toEqual([
      [
        {
          deliveryWindow: 'PM',
          deliveryWindowStart: '2026-10-31T14:00:00-04:00',
          deliveryWindowEnd: '2026-10-31T18:30:00-04:00',
          blocked: false,
        },
        {
          deliveryWindow: 'AM',
          deliveryWindowStart: '2026-10-31T01:30:00-04:00',
          deliveryWindowEnd: '2026-10-31T12:00:00-04:00',
          blocked: false,
        },
      ],
      // 2026-11-01: clocks go back at 02:00, so 01:30 happens twice (the earlier, EDT, is meant)
      [
        {
          deliveryWindow: 'PM',
          deliveryWindowStart: '2026-11-01T14:00:00-05:00',
          deliveryWindowEnd: '2026-11-01T18:30:00-05:00',
          blocked: false,
        },
        {
          deliveryWindow: 'AM',
          deliveryWindowStart: '2026-11-01T01:30:00-04:00',
          deliveryWindowEnd: '2026-11-01T12:00:00-05:00',
          blocked: false,
        },
      ],
      [
        {
          deliveryWindow: 'PM',
          deliveryWindowStart: '2026-11-02T14:00:00-05:00',
          deliveryWindowEnd: '2026-11-02T18:30:00-05:00',
          blocked: false,
        },
        {
          deliveryWindow: 'AM',
          deliveryWindowStart: '2026-11-02T01:30:00-05:00',
          deliveryWindowEnd: '2026-11-02T12:00:00-05:00',
          blocked: false,
        },
      ],
    ]);
  });
});

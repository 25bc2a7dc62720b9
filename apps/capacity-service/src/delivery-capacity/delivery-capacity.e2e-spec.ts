import { Database } from '@delivery/persistence';
import request from 'supertest';
import type { App } from 'supertest/types';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  demoConfiguration,
  e10Line,
  e10Request,
  layoutB,
  postCapacity,
  putConfiguration,
} from '../testing/capacity-fixtures';

/** E10 through HTTP, in both layouts: the demo world, clock 2026-11-22 12:00 Lima, counters in Postgres. */
const CD01_LIMCENTRO = {
  sourceNode: 'CD01',
  targetNode: 'LIM-CENTRO',
  route: 'R-CD01-LIMCENTRO-N',
  usedDispatchCapacity: 0,
  usedPickingCapacity: 0,
  dispatchDate: '2026-11-24',
  dispatchUnits: 2,
  leadTime: 1,
  daysOfWeek: 'LUN,MIE,VIE',
};
const leg = (departureDate: string, receptionDate: string, fields: Record<string, unknown> = {}) => ({
  ...CD01_LIMCENTRO,
  departureDate,
  receptionDate,
  ...fields,
});
const windows = (date: string) => [
  {
    deliveryWindow: 'AM',
    deliveryWindowStart: `${date}T09:00:00-05:00`,
    deliveryWindowEnd: `${date}T13:00:00-05:00`,
    blocked: false,
  },
  {
    deliveryWindow: 'PM',
    deliveryWindowStart: `${date}T14:00:00-05:00`,
    deliveryWindowEnd: `${date}T18:00:00-05:00`,
    blocked: false,
  },
];
const entry = (
  deliveryDate: string,
  shippingEstimate: number,
  details: object[],
  deliveryWindows: object[],
) => ({
  deliveryDate,
  shippingEstimate,
  details,
  deliveryWindows,
});
const ROW1_DATES = ['2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05'];
const ROW1_TRACE = [
  entry('2026-11-26', 3, [leg('2026-11-25', '2026-11-26')], windows('2026-11-26')),
  entry('2026-11-28', 5, [leg('2026-11-27', '2026-11-28')], windows('2026-11-28')),
  entry('2026-12-01', 8, [leg('2026-11-30', '2026-12-01')], windows('2026-12-01')),
  entry('2026-12-03', 10, [leg('2026-12-02', '2026-12-03')], windows('2026-12-03')),
  entry('2026-12-05', 12, [leg('2026-12-04', '2026-12-05')], windows('2026-12-05')),
];
const LATER_DATES = ['2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05', '2026-12-08'];
const CD01_DETAILS = {
  entityType: 'CD',
  entityCode: 'CD01',
  name: 'CD Lurín',
  shortName: 'LUR',
  platformWarehouseId: 'WH-CD01',
  platformDockId: 'DOCK-CD01-1',
  contactNumber: '+51 1 555 0101',
  pickupPointId: null,
  deliveryTime: null,
  addressInfo: {
    address: 'Av. Industrial 1',
    district: 'Lurín',
    province: 'Lima',
    ubigeoCode: '150119',
    country: 'PE',
    latitude: -12.2746,
    longitude: -76.8706,
  },
  distanceInfo: null,
};
const TD05_DETAILS = {
  entityType: 'TD',
  entityCode: 'TD05',
  name: 'Tienda Miraflores',
  shortName: 'MIR',
  platformWarehouseId: 'WH-TD05',
  platformDockId: 'DOCK-TD05-1',
  contactNumber: '+51 1 555 0105',
  pickupPointId: 'PP-TD05',
  deliveryTime: 'Pickup 10:00-21:00',
  addressInfo: {
    address: 'Av. Larco 100',
    district: 'Miraflores',
    province: 'Lima',
    ubigeoCode: '150122',
    country: 'PE',
    latitude: -12.1211,
    longitude: -77.0297,
  },
  distanceInfo: null,
};
const ITEM = { skuCode: 'SKU-1', quantity: 2, weight: 1500, origin: 'CD01' };
const OK = { message: 'OK', detailedCapacityError: [], detailedCapacityWarning: [] };
const WINDOWS_WARNING = [
  {
    code: 'CAPACITY_WARNING',
    details: [
      {
        errorCode: 'DELIVERY_WINDOWS_WARNING',
        description:
          'departures of route R-CD01-LIMCENTRO-N were passed over because every delivery window was closed ' +
          '(listed dates 2026-11-28)',
        sku: null,
      },
    ],
  },
];

describe('POST /delivery/capacity: E10 worked examples', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const used = (scope: string, ref: string, date: string, count: number) =>
    db.query('INSERT INTO capacity_counters (scope, ref, date, used) VALUES ($1, $2, $3, $4)', [
      scope,
      ref,
      date,
      count,
    ]);
  const groupOf = async (body: object) => {
    const res = await postCapacity(server, body);
    expect(res.status).toBe(200);
    expect(res.body.logisticsCapacity).toHaveLength(1);
    return res.body.logisticsCapacity[0];
  };
  const linesOf = async (body: object) => {
    const res = await postCapacity(server, body);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
  });
  afterAll(() => t.close());
  afterEach(() => db.query('DELETE FROM capacity_counters'));

  describe('layout A', () => {
    it('E10 row 1: CD01 home delivery to LIM-CENTRO with cost — the whole response', async () => {
      const res = await postCapacity(
        server,
        e10Request({ identifier: 'order-123', calculationOptions: { dispatchCostEnabled: true } }),
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        identifier: 'order-123',
        logisticsCapacity: [
          {
            origin: 'CD01',
            destination: 'LIM-CENTRO',
            dispatchType: 'NORMAL',
            dispatchMode: 'HOME_DELIVERY',
            deliveryCost: 11.5,
            zone: 'LIM-CENTRO',
            pickingDays: ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB'],
            processingDays: 1,
            leadTimes: [1],
            routeDaysOfWeek: [['LUN', 'MIE', 'VIE']],
            route: 'R-CD01-LIMCENTRO-N',
            routeDescription: 'CD Lurín to Lima Centro',
            pickingDate: '2026-11-23',
            deliveryDates: [ROW1_DATES],
            originEntityDetails: CD01_DETAILS,
            pickupEntityDetails: null,
            deliveryTrace: ROW1_TRACE,
            arriveDates: [{ node: 'LIM-CENTRO', arriveDate: '2026-11-26' }],
            ...OK,
            dispatchItems: [ITEM],
            isWholesale: false,
            wholesaleAdditionalDays: 0,
            validUntil: '2026-11-23T18:00:00-05:00', // CD01's picking cut-off on the purchase date
          },
        ],
        prioritizationCriteria: 'EARLIEST_DELIVERY_DATE',
      });
    });

    it('E10 row 2: DISPATCH R-CD01-LIMCENTRO-N used 199 on 11-25 moves the departure to 11-27', async () => {
      await used('DISPATCH', 'R-CD01-LIMCENTRO-N', '2026-11-25', 199);
      const group = await groupOf(e10Request());
      expect(group).toMatchObject({ ...OK, pickingDate: '2026-11-23', deliveryDates: [LATER_DATES] });
      expect(group.deliveryTrace[0]).toEqual(
        entry('2026-11-28', 5, [leg('2026-11-27', '2026-11-28')], windows('2026-11-28')),
      );
      expect(group.deliveryCost).toBeUndefined();
    });

    it('E10 row 3: both windows full on 11-26 give later dates and DELIVERY_WINDOWS_WARNING', async () => {
      await used('WINDOW', 'R-CD01-LIMCENTRO-N:AM', '2026-11-26', 40);
      await used('WINDOW', 'R-CD01-LIMCENTRO-N:PM', '2026-11-26', 40);
      const group = await groupOf(e10Request());
      expect(group.deliveryDates).toEqual([LATER_DATES]);
      expect(group.detailedCapacityWarning).toEqual(WINDOWS_WARNING);
      expect([group.message, group.detailedCapacityError]).toEqual(['OK', []]);
      expect(group.deliveryTrace[0]).toEqual(
        entry('2026-11-28', 5, [leg('2026-11-27', '2026-11-28')], windows('2026-11-28')),
      );
    });

    it('E10 row 4: LIM-SUR goes through TD05 on a 2-leg path', async () => {
      const group = await groupOf(e10Request({ deliveryData: { zone: 'LIM-SUR' } }));
      expect(group).toMatchObject({
        ...OK,
        destination: 'LIM-SUR',
        zone: 'LIM-SUR',
        route: 'R-CD01-TD05-T>R-TD05-LIMSUR-N',
        routeDescription: 'CD Lurín to Tienda Miraflores > Tienda Miraflores to Lima Sur',
        leadTimes: [1, 1],
        routeDaysOfWeek: [
          ['MAR', 'JUE'],
          ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'],
        ],
        pickingDate: '2026-11-23',
        deliveryDates: [['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']],
        arriveDates: [
          { node: 'TD05', arriveDate: '2026-11-25' },
          { node: 'LIM-SUR', arriveDate: '2026-11-26' },
        ],
      });
      expect(group.deliveryTrace[0]).toEqual(
        entry(
          '2026-11-26',
          3,
          [
            leg('2026-11-24', '2026-11-25', {
              targetNode: 'TD05',
              route: 'R-CD01-TD05-T',
              daysOfWeek: 'MAR,JUE',
            }),
            leg('2026-11-25', '2026-11-26', {
              sourceNode: 'TD05',
              targetNode: 'LIM-SUR',
              route: 'R-TD05-LIMSUR-N',
              dispatchDate: '2026-11-25',
              daysOfWeek: 'LUN,MAR,MIE,JUE,VIE,SAB,DOM',
            }),
          ],
          [],
        ),
      );
    });

    it('E10 row 5: store withdrawal at TD07 from CD01', async () => {
      const group = await groupOf(
        e10Request({ dispatchMode: 'STORE_WITHDRAWAL', deliveryData: { destination: 'TD07' } }),
      );
      expect(group).toMatchObject({
        ...OK,
        destination: 'TD07',
        dispatchMode: 'STORE_WITHDRAWAL',
        zone: null,
        route: 'R-CD01-TD07-W',
        leadTimes: [2],
        deliveryDates: [['2026-11-28', '2026-12-02', '2026-12-05', '2026-12-09', '2026-12-12']],
        arriveDates: [{ node: 'TD07', arriveDate: '2026-11-28' }],
      });
      expect(group.pickupEntityDetails).toMatchObject({
        entityCode: 'TD07',
        pickupPointId: 'PP-TD07',
        distanceInfo: null,
      });
      expect(group.deliveryTrace[0]).toEqual(
        entry(
          '2026-11-28',
          5,
          [
            leg('2026-11-26', '2026-11-28', {
              targetNode: 'TD07',
              route: 'R-CD01-TD07-W',
              leadTime: 2,
              daysOfWeek: 'LUN,JUE',
            }),
          ],
          [],
        ),
      );
    });

    it('E10 row 6: withdrawal at the origin TD05 is the empty path', async () => {
      const group = await groupOf(
        e10Request({ dispatchMode: 'STORE_WITHDRAWAL', deliveryData: { destination: 'TD05' } }, 'TD05'),
      );
      expect(group).toMatchObject({
        ...OK,
        origin: 'TD05',
        destination: 'TD05',
        route: '',
        routeDescription: '',
        leadTimes: [],
        routeDaysOfWeek: [],
        arriveDates: [],
        pickingDate: '2026-11-23',
        processingDays: 0,
        deliveryDates: [['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']],
        originEntityDetails: TD05_DETAILS,
        pickupEntityDetails: TD05_DETAILS,
      });
      expect(group.deliveryTrace[0]).toEqual(entry('2026-11-23', 0, [], []));
    });

    it('E10 row 7: a purchase on 12-24 is ready on the 12-25 holiday and departs on 12-28', async () => {
      const group = await groupOf(e10Request({ purchaseDate: '2026-12-24' }));
      expect(group).toMatchObject({ ...OK, pickingDate: '2026-12-24' });
      expect(group.deliveryDates[0][0]).toBe('2026-12-29');
      expect(group.deliveryTrace[0]).toEqual(
        entry(
          '2026-12-29',
          5,
          [leg('2026-12-28', '2026-12-29', { dispatchDate: '2026-12-25' })],
          windows('2026-12-29'),
        ),
      );
    });

    it('E10 row 8: 120 units are wholesale, every date 2 days later', async () => {
      const group = await groupOf(e10Request({ items: [{ ...ITEM, quantity: 120 }] }));
      expect(group).toMatchObject({
        ...OK,
        deliveryDates: [['2026-11-28', '2026-11-30', '2026-12-03', '2026-12-05', '2026-12-07']],
        isWholesale: true,
        wholesaleAdditionalDays: 2,
        arriveDates: [{ node: 'LIM-CENTRO', arriveDate: '2026-11-26' }],
      });
      expect(group.deliveryTrace[0]).toEqual(
        entry(
          '2026-11-28',
          5,
          [leg('2026-11-25', '2026-11-26', { dispatchUnits: 120 })],
          windows('2026-11-28'),
        ),
      );
    });

    it('answers with a generated UUID when the request has no identifier (E11.6)', async () => {
      const first = await postCapacity(server, e10Request());
      const second = await postCapacity(server, e10Request({ identifier: null }));
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
      expect(first.body.identifier).toMatch(uuid);
      expect(second.body.identifier).toMatch(uuid);
      expect(second.body.identifier).not.toBe(first.body.identifier);
    });

    it('reads stock from Postgres: validateStock reports INSUFFICIENT_STOCK at TD05', async () => {
      const group = await groupOf(
        e10Request({
          calculationOptions: { validateStock: true },
          items: [{ ...ITEM, origin: 'TD05', quantity: 5 }],
        }),
      );
      expect(group.detailedCapacityError).toEqual([
        {
          code: 'STOCK_ERROR',
          details: [
            {
              errorCode: 'INSUFFICIENT_STOCK',
              description: 'insufficient stock of SKU-1 at TD05: requested 5, available 4',
              sku: 'SKU-1',
              requestedQuantity: 5,
              availableQuantity: 4,
            },
          ],
        },
      ]);
      expect([group.message, group.deliveryDates, group.route, group.pickingDate]).toEqual([
        'insufficient stock of SKU-1 at TD05: requested 5, available 4',
        [],
        null,
        null,
      ]);
    });
  });

  it('records calculation metrics: duration by layout and outcome, groups, dates, counter reads (O1)', async () => {
    const metric = async (name: string) => {
      const text = (await request(server).get('/metrics')).text;
      return Number(
        new RegExp(`^${name.replace(/[{}"]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(text)?.[1] ?? 0,
      );
    };
    const before = {
      calculations: await metric('capacity_calculation_duration_seconds_count{layout="A",outcome="ok"}'),
      groups: await metric('capacity_groups_computed_total{layout="A"}'),
      dates: await metric('capacity_delivery_dates_computed_total{layout="A"}'),
      reads: await metric('capacity_counter_read_duration_seconds_count'),
      notFound: await metric(
        'capacity_calculation_duration_seconds_count{layout="A",outcome="routes_not_found"}',
      ),
    };
    await postCapacity(server, e10Request({ items: [ITEM, { ...ITEM, origin: 'TD05' }] }));
    await postCapacity(server, e10Request({ deliveryData: { zone: 'NOWHERE' } }));
    expect({
      calculations:
        (await metric('capacity_calculation_duration_seconds_count{layout="A",outcome="ok"}')) -
        before.calculations,
      groups: (await metric('capacity_groups_computed_total{layout="A"}')) - before.groups,
      dates: (await metric('capacity_delivery_dates_computed_total{layout="A"}')) - before.dates,
      reads: (await metric('capacity_counter_read_duration_seconds_count')) - before.reads,
      notFound:
        (await metric('capacity_calculation_duration_seconds_count{layout="A",outcome="routes_not_found"}')) -
        before.notFound,
    }).toEqual({ calculations: 1, groups: 3, dates: 5, reads: 2, notFound: 1 });
  });

  describe('layout B', () => {
    it('E10 row 1 as a line: the whole answer', async () => {
      expect(await linesOf(layoutB([e10Line({ line: '1' })]))).toEqual([
        {
          skuCode: 'SKU-1',
          line: '1',
          processingDays: 1,
          leadTimes: [1],
          pickingDate: '2026-11-23',
          deliveryDates: ROW1_DATES,
          deliveryTrace: ROW1_TRACE,
          message: 'OK',
          validUntil: '2026-11-23T18:00:00-05:00',
        },
      ]);
    });

    it('E10 rows 2 and 3 as lines: a full dispatch counter, then full windows, give the later dates', async () => {
      await used('DISPATCH', 'R-CD01-LIMCENTRO-N', '2026-11-25', 199);
      const [dispatchFull] = await linesOf(layoutB([e10Line()]));
      expect(dispatchFull.deliveryDates).toEqual(LATER_DATES);
      expect(dispatchFull.deliveryTrace[0].details).toEqual([leg('2026-11-27', '2026-11-28')]);
      await db.query('DELETE FROM capacity_counters');
      await used('WINDOW', 'R-CD01-LIMCENTRO-N:AM', '2026-11-26', 40);
      await used('WINDOW', 'R-CD01-LIMCENTRO-N:PM', '2026-11-26', 40);
      const [windowsFull] = await linesOf(layoutB([e10Line()]));
      expect([windowsFull.deliveryDates, windowsFull.message]).toEqual([LATER_DATES, 'OK']);
    });

    it('E10 rows 4, 5 and 6 as lines of one request, answered in item order', async () => {
      const lines = await linesOf(
        layoutB([
          e10Line({ zone: 'LIM-SUR', line: '4' }),
          e10Line({ deliveryMode: 'STORE_WITHDRAWAL', destination: 'TD07', line: '5' }),
          e10Line({
            origin: 'TD05',
            entityType: 'TD',
            deliveryMode: 'STORE_WITHDRAWAL',
            destination: 'TD05',
            line: '6',
          }),
        ]),
      );
      expect(lines.map((line: { line: string }) => line.line)).toEqual(['4', '5', '6']);
      expect(lines[0]).toMatchObject({
        message: 'OK',
        leadTimes: [1, 1],
        pickingDate: '2026-11-23',
        deliveryDates: ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'],
      });
      expect(lines[0].deliveryTrace[0].details.map((d: { route: string }) => d.route)).toEqual([
        'R-CD01-TD05-T',
        'R-TD05-LIMSUR-N',
      ]);
      expect(lines[1]).toMatchObject({
        message: 'OK',
        leadTimes: [2],
        deliveryDates: ['2026-11-28', '2026-12-02', '2026-12-05', '2026-12-09', '2026-12-12'],
      });
      expect(lines[2]).toEqual({
        skuCode: 'SKU-1',
        line: '6',
        processingDays: 0,
        leadTimes: [],
        pickingDate: '2026-11-23',
        deliveryDates: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
        deliveryTrace: [
          entry('2026-11-23', 0, [], []),
          entry('2026-11-24', 1, [], []),
          entry('2026-11-25', 2, [], []),
          entry('2026-11-26', 3, [], []),
          entry('2026-11-27', 4, [], []),
        ],
        message: 'OK',
        validUntil: null, // TD05 has no cut-off and the empty path no windows
      });
    });

    it('E10 rows 7 and 8 as lines: the 12-25 holiday, and wholesale', async () => {
      const [holiday] = await linesOf(layoutB([e10Line()], { purchaseDate: '2026-12-24' }));
      expect(holiday.deliveryDates[0]).toBe('2026-12-29');
      expect(holiday.deliveryTrace[0].details).toEqual([
        leg('2026-12-28', '2026-12-29', { dispatchDate: '2026-12-25' }),
      ]);
      const [wholesale] = await linesOf(layoutB([e10Line({ quantity: 120 })]));
      expect(wholesale.deliveryDates).toEqual([
        '2026-11-28',
        '2026-11-30',
        '2026-12-03',
        '2026-12-05',
        '2026-12-07',
      ]);
    });

    it('E1.7 calendar-only ignores full counters but reports them in the trace', async () => {
      await used('DISPATCH', 'R-CD01-LIMCENTRO-N', '2026-11-25', 199);
      const [line] = await linesOf(layoutB([e10Line()], { isPurchaseOrderDeliveryDateRequest: true }));
      expect(line.deliveryDates).toEqual(ROW1_DATES);
      expect(line.deliveryTrace[0].details[0].usedDispatchCapacity).toBe(199);
    });
  });
});

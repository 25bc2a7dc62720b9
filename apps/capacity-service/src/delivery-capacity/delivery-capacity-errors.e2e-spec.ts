import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  authWith,
  CAPACITY_PATH,
  demoConfiguration,
  e10Line,
  e10Request,
  layoutB,
  postCapacity,
  putConfiguration,
} from '../testing/capacity-fixtures';

/** E9 and E11.6: every HTTP outcome of POST /delivery/capacity with its exact ErrorResponse. */
type Fields = Record<string, unknown>;
const item = (fields: Fields = {}) => ({
  skuCode: 'SKU-1',
  quantity: 2,
  weight: 1500,
  origin: 'CD01',
  ...fields,
});
const withOptions = (calculationOptions: Fields) => e10Request({ calculationOptions });
const invalid = (layout: 'A' | 'B', errors: { field: string; message: string }[]) => ({
  code: 'VALIDATION_ERROR',
  message: `The request is invalid (layout ${layout})`,
  details: { errors },
});
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST /delivery/capacity: HTTP outcomes (E9)', () => {
  let t: CapacityTestApp;
  let server: App;

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
  });
  afterAll(() => t.close());

  const layoutA400: [string, unknown, { field: string; message: string }[]][] = [
    ['a body that is not an object', [], [{ field: '', message: 'must be an object' }]],
    [
      'a missing purchaseDate',
      e10Request({ purchaseDate: undefined }),
      [{ field: 'purchaseDate', message: 'is required' }],
    ],
    [
      'a null saleChannel (null is absent)',
      e10Request({ saleChannel: null }),
      [{ field: 'saleChannel', message: 'is required' }],
    ],
    [
      'a purchaseDate of the wrong type',
      e10Request({ purchaseDate: 20261123 }),
      [{ field: 'purchaseDate', message: 'must be a date YYYY-MM-DD from 1970-01-01 to 9999-12-31' }],
    ],
    [
      'an impossible date',
      e10Request({ purchaseDate: '2026-02-30' }),
      [{ field: 'purchaseDate', message: 'must be a date YYYY-MM-DD from 1970-01-01 to 9999-12-31' }],
    ],
    [
      'a number sent as a string',
      e10Request({ items: [item({ quantity: '2' })] }),
      [{ field: 'items[0].quantity', message: 'must be a number' }],
    ],
    [
      'a bad enum',
      e10Request({ dispatchType: 'FAST' }),
      [{ field: 'dispatchType', message: 'must be one of the following values: NORMAL, EXPRESS' }],
    ],
    [
      'empty items',
      e10Request({ items: [] }),
      [{ field: 'items', message: 'must contain at least one item' }],
    ],
    [
      'items that are not a list',
      e10Request({ items: { 0: item() } }),
      [{ field: 'items', message: 'must be an array' }],
    ],
    [
      'quantity 0',
      e10Request({ items: [item({ quantity: 0 })] }),
      [{ field: 'items[0].quantity', message: 'must be greater than 0' }],
    ],
    [
      'units 0',
      e10Request({ items: [item({ units: 0 })] }),
      [{ field: 'items[0].units', message: 'must not be less than 1' }],
    ],
    [
      'units 1.5',
      e10Request({ items: [item({ units: 1.5 })] }),
      [{ field: 'items[0].units', message: 'must be an integer number' }],
    ],
    [
      'a negative weight',
      e10Request({ items: [item({ weight: -1 })] }),
      [{ field: 'items[0].weight', message: 'must not be less than 0' }],
    ],
    [
      'rangeEnd before rangeStart',
      withOptions({ rangeStart: '2026-11-30', rangeEnd: '2026-11-29' }),
      [{ field: 'calculationOptions.rangeEnd', message: 'must not be before rangeStart' }],
    ],
    [
      'coordinates out of range',
      e10Request({ deliveryData: { zone: 'LIM-CENTRO', latitude: 91, longitude: -180.5 } }),
      [
        { field: 'deliveryData.latitude', message: 'must not be greater than 90' },
        { field: 'deliveryData.longitude', message: 'must not be less than -180' },
      ],
    ],
    [
      'ALL_DISPATCH_MODES with an origin-less item',
      e10Request({ dispatchMode: 'ALL_DISPATCH_MODES', items: [item(), item({ origin: '' })] }),
      [{ field: 'items[1].origin', message: 'required when dispatchMode is ALL_DISPATCH_MODES' }],
    ],
    [
      'an item without skuCode whose stock is checked',
      e10Request({ calculationOptions: { validateStock: true }, items: [item({ skuCode: '' })] }),
      [{ field: 'items[0].skuCode', message: 'required when the stock of the item is checked' }],
    ],
    [
      'UBIGEO_NEAREST_STORE without an ubigeo for an origin-less item',
      e10Request({
        calculationOptions: { optimization: 'UBIGEO_NEAREST_STORE' },
        items: [item({ origin: null })],
      }),
      [
        {
          field: 'deliveryData.ubigeoCode',
          message: 'required by UBIGEO_NEAREST_STORE when an item has no origin',
        },
      ],
    ],
    [
      'maxOrigins, maxItemsPerOrigin, maxPickupPoint < 1 and maxDistancePickingStore ≤ 0',
      withOptions({ maxOrigins: 0, maxItemsPerOrigin: 0, maxDistancePickingStore: 0, maxPickupPoint: 0 }),
      [
        { field: 'calculationOptions.maxOrigins', message: 'must not be less than 1' },
        { field: 'calculationOptions.maxItemsPerOrigin', message: 'must not be less than 1' },
        { field: 'calculationOptions.maxDistancePickingStore', message: 'must be greater than 0' },
        { field: 'calculationOptions.maxPickupPoint', message: 'must not be less than 1' },
      ],
    ],
    [
      'nodes, routes and internal dates, which the caller must not send',
      e10Request({ nodes: [], routes: [], pickingDate: '2026-11-23', items: [item({ deliveryDates: [] })] }),
      [
        { field: 'nodes', message: 'is not an accepted property' },
        { field: 'routes', message: 'is not an accepted property' },
        { field: 'pickingDate', message: 'is not an accepted property' },
        { field: 'items[0].deliveryDates', message: 'is not an accepted property' },
      ],
    ],
    [
      'a layout-B-only field in layout A',
      e10Request({ isPurchaseOrderDeliveryDateRequest: true, items: [item({ zoneByChannel: 'X' })] }),
      [
        { field: 'isPurchaseOrderDeliveryDateRequest', message: 'is not an accepted property' },
        { field: 'items[0].zoneByChannel', message: 'is not an accepted property' },
      ],
    ],
    [
      '__proto__ and constructor keys',
      JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'),
      [
        { field: '__proto__', message: 'is not an accepted property' },
        { field: 'constructor', message: 'is not an accepted property' },
        { field: 'purchaseDate', message: 'is required' },
        { field: 'saleChannel', message: 'is required' },
        { field: 'deliveryData', message: 'is required' },
        { field: 'items', message: 'is required' },
      ],
    ],
  ];

  it.each(layoutA400)('400 VALIDATION_ERROR for %s (layout A)', async (_case, body, errors) => {
    const res = await postCapacity(server, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid('A', errors));
    expect(res.headers['x-request-id']).toMatch(REQUEST_ID);
  });

  const layoutB400: [string, unknown, { field: string; message: string }[]][] = [
    [
      'origin ""',
      layoutB([e10Line({ origin: '' })]),
      [{ field: 'items[0].origin', message: 'must not be empty' }],
    ],
    [
      'a line without its required fields',
      layoutB([{ entityType: 'CD', skuCode: 'SKU-1' }]),
      [
        { field: 'items[0].origin', message: 'is required' },
        { field: 'items[0].zone', message: 'is required' },
        { field: 'items[0].dispatchType', message: 'is required' },
        { field: 'items[0].destination', message: 'is required' },
        { field: 'items[0].quantity', message: 'is required' },
        { field: 'items[0].latitude', message: 'is required' },
        { field: 'items[0].longitude', message: 'is required' },
        { field: 'items[0].deliveryMode', message: 'is required' },
      ],
    ],
    [
      'a bad entityType and deliveryMode',
      layoutB([e10Line({ entityType: 'XX', deliveryMode: 'DRONE' })]),
      [
        { field: 'items[0].entityType', message: 'must be one of the following values: CD, TD, PRV, SELLER' },
        {
          field: 'items[0].deliveryMode',
          message: 'must be one of the following values: HOME_DELIVERY, STORE_WITHDRAWAL',
        },
      ],
    ],
    [
      'a layout-A-only field in layout B',
      layoutB([e10Line({ origin: 'CD01', description: 'x' })], { saleChannel: 'WEB' }),
      [
        { field: 'saleChannel', message: 'is not an accepted property' },
        { field: 'items[0].description', message: 'is not an accepted property' },
      ],
    ],
    [
      'quantity ≤ 0, units < 1 and coordinates out of range',
      layoutB([e10Line({ quantity: -1, units: 0, latitude: -90.5 })]),
      [
        { field: 'items[0].quantity', message: 'must be greater than 0' },
        { field: 'items[0].latitude', message: 'must not be less than -90' },
        { field: 'items[0].units', message: 'must not be less than 1' },
      ],
    ],
  ];

  it.each(layoutB400)('400 VALIDATION_ERROR for %s (layout B)', async (_case, body, errors) => {
    const res = await postCapacity(server, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid('B', errors));
  });

  it('400 for more than MAX_ITEMS_PER_REQUEST (200) items, before looking at them', async () => {
    const res = await postCapacity(
      server,
      e10Request({ items: Array.from({ length: 201 }, () => 'not an item') }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid('A', [{ field: 'items', message: 'must contain at most 200 items' }]));
    expect(
      (await postCapacity(server, e10Request({ items: Array.from({ length: 200 }, () => item()) }))).status,
    ).toBe(200);
  });

  it('400 for malformed JSON', async () => {
    const res = await request(server)
      .post(CAPACITY_PATH)
      .set('Authorization', await authWith('capacity:calculate'))
      .set('Content-Type', 'application/json')
      .send('{"purchaseDate": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The body is not valid JSON',
      details: { errors: [{ field: '', message: 'malformed JSON' }] },
    });
  });

  it('accepts null as absent everywhere, 3.0 as an integer and range dates before the purchase date', async () => {
    const body = e10Request({
      identifier: null,
      sellerId: null,
      calculationOptions: { rangeStart: '2026-11-01', rangeEnd: null, validateStock: null },
      items: [{ ...item(), description: null, attributes: null, units: null }],
    });
    const text = JSON.stringify(body).replace('"quantity":2', '"quantity":2,"routePriority":3.0');
    const res = await request(server)
      .post(CAPACITY_PATH)
      .set('Authorization', await authWith('capacity:calculate'))
      .set('Content-Type', 'application/json')
      .send(text);
    expect(res.status).toBe(200);
    expect(res.body.logisticsCapacity[0].deliveryDates).toEqual([
      ['2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05'],
    ]);
    expect(res.body.logisticsCapacity[0].dispatchItems).toEqual([
      { ...item(), routePriority: 3, description: null, attributes: null, units: null },
    ]);
  });

  it('404 ROUTES_NOT_FOUND when every group has ROUTE_NOT_EXIST as its only error', async () => {
    const notFound = {
      code: 'ROUTES_NOT_FOUND',
      message: 'No routes were found to process the date calculation',
      details: {},
    };
    const unknownZone = await postCapacity(server, e10Request({ deliveryData: { zone: 'NOWHERE' } }));
    expect([unknownZone.status, unknownZone.body]).toEqual([404, notFound]);
    expect(unknownZone.headers['x-request-id']).toMatch(REQUEST_ID);
    const unknownOrigins = await postCapacity(
      server,
      e10Request({ items: [item({ origin: 'NOPE' }), item({ origin: 'GONE' })] }),
    );
    expect([unknownOrigins.status, unknownOrigins.body]).toEqual([404, notFound]);
    const lines = await postCapacity(
      server,
      layoutB([e10Line({ origin: 'NOPE' }), e10Line({ zone: 'NOWHERE' })]),
    );
    expect([lines.status, lines.body]).toEqual([404, notFound]);
  });

  it('200 when only some groups lack a route', async () => {
    const res = await postCapacity(server, e10Request({ items: [item(), item({ origin: 'NOPE' })] }));
    expect(res.status).toBe(200);
    expect(
      res.body.logisticsCapacity.map((group: { origin: string; message: string }) => [
        group.origin,
        group.message,
      ]),
    ).toEqual([
      ['CD01', 'OK'],
      ['NOPE', 'unknown origin NOPE'],
    ]);
  });

  it('415 UNSUPPORTED_MEDIA_TYPE for a body that is not JSON', async () => {
    const res = await request(server)
      .post(CAPACITY_PATH)
      .set('Authorization', await authWith('capacity:calculate'))
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify(e10Request()));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The body must be JSON (Content-Type: application/json)',
      details: {},
    });
    expect(res.headers['x-request-id']).toMatch(REQUEST_ID);
  });

  it('413 PAYLOAD_TOO_LARGE beyond 1 MB', async () => {
    const res = await postCapacity(server, e10Request({ identifier: 'x'.repeat(1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The body is larger than this operation accepts',
      details: {},
    });
  });

  it('500 CALCULATION_ERROR without internals when Postgres fails mid-calculation', async () => {
    const db = t.app.get(Database);
    await db.query('ALTER TABLE capacity_counters RENAME TO capacity_counters_away');
    try {
      const res = await postCapacity(server, e10Request());
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        code: 'CALCULATION_ERROR',
        message: 'Error calculating the delivery date',
        details: {},
      });
      expect(res.text).not.toMatch(/capacity_counters|relation|SELECT|at /);
      expect(res.headers['x-request-id']).toMatch(REQUEST_ID);
    } finally {
      await db.query('ALTER TABLE capacity_counters_away RENAME TO capacity_counters');
    }
    expect((await postCapacity(server, e10Request())).status).toBe(200);
  });
});

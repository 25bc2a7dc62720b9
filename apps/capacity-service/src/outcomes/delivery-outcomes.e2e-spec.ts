import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, e10Request, putConfiguration } from '../testing/capacity-fixtures';
import {
  confirmReservation,
  postReservation,
  releaseReservation,
  reservationBody,
} from '../testing/reservation-fixtures';
import {
  ACCURACY_PATH,
  confirmedReservation,
  eventRows,
  outcomeEvent,
  OUTCOMES_PATH,
  promiseRow,
} from '@delivery/outcome-recording/testing';
import { PromiseOutcomeSweeper } from '@delivery/outcome-recording';
import { DATE_PROBLEM, INSTANT_PROBLEM } from '@delivery/contracts';

/**
 * Outcome events over HTTP on the demo world (E10 clock 2026-11-22 12:00 Lima): a reservation of CD01 → LIM-CENTRO
 * for 2026-11-26, confirmed, becomes a promise with its plan; events in any order and repeated give its outcome;
 * events of unknown or unconfirmed reservations are kept as orphans and adopted on confirmation; bad bodies store
 * nothing.
 */
const SKEW_MS = 7 * 86_400_000;

describe('POST /delivery/outcomes (docs/accuracy.md)', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const post = async (body: unknown) =>
    request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', await authWith('outcomes:write'))
      .send(body as object);
  const reserve = async (identifier: string, confirm = true) => {
    expect((await postReservation(server, reservationBody(identifier))).status).toBe(201);
    if (confirm) expect((await confirmReservation(server, identifier)).status).toBe(200);
  };

  beforeAll(async () => {
    // the clock stands still at the E10 instant while the events tell of the days after it: a tolerance of 7 days
    t = await startCapacityTestApp({ OUTCOME_CLOCK_SKEW_MS: String(SKEW_MS) }, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() =>
    db.query(
      'TRUNCATE capacity_counters, capacity_reservations, delivery_promises, delivery_accuracy_days, delivery_outcome_events',
    ),
  );

  it('a confirmed reservation becomes a promise with its plan; its request is kept', async () => {
    await reserve('ORD-1');
    await reserve('ORD-HELD', false);
    expect(
      await db.query(
        `SELECT reservation_identifier, selection, origin, dispatch_mode, destination, route, delivery_window,
           to_char(delivery_window_start AT TIME ZONE 'America/Lima', 'YYYY-MM-DD HH24:MI') AS window_start,
           to_char(delivery_window_end AT TIME ZONE 'America/Lima', 'YYYY-MM-DD HH24:MI') AS window_end,
           promised_date::text, picking_date::text, departure_date::text, state FROM delivery_promises`,
      ),
    ).toEqual([
      {
        reservation_identifier: 'ORD-1',
        selection: 0,
        origin: 'CD01',
        dispatch_mode: 'HOME_DELIVERY',
        destination: 'LIM-CENTRO',
        route: 'R-CD01-LIMCENTRO-N',
        delivery_window: 'AM',
        window_start: '2026-11-26 09:00',
        window_end: '2026-11-26 13:00',
        promised_date: '2026-11-26',
        picking_date: '2026-11-23',
        departure_date: '2026-11-25',
        state: 'OPEN',
      },
    ]);
    const requests = await db.query(
      'SELECT identifier, request FROM capacity_reservations ORDER BY identifier',
    );
    expect(requests).toEqual([
      { identifier: 'ORD-1', request: reservationBody('ORD-1').request },
      { identifier: 'ORD-HELD', request: reservationBody('ORD-HELD').request },
    ]);
  });

  it('stores events once, in any order, and answers what became of them', async () => {
    await reserve('ORD-1');
    const delivered = outcomeEvent('ORD-1', 'DELIVERED', '2026-11-27T15:30:00-05:00');
    const first = await post({ events: [delivered, delivered] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: 2, stored: 1, duplicates: 1, orphans: 0 });
    expect(await promiseRow(db, 'ORD-1')).toBe('DELIVERED 2026-11-27 1 0 UNKNOWN 0 fresh');

    const steps = await post({
      events: [
        outcomeEvent('ORD-1', 'DISPATCHED', '2026-11-25T08:00:00-05:00'),
        outcomeEvent('ORD-1', 'PICKED', '2026-11-24T09:00:00-05:00'),
        delivered,
      ],
    });
    expect(steps.body).toEqual({ received: 3, stored: 2, duplicates: 1, orphans: 0 });
    // picked on the 24th where the plan said the 23rd: the first step that slipped
    expect(await promiseRow(db, 'ORD-1')).toBe('DELIVERED 2026-11-27 1 0 PICKING 0 fresh');
    expect(await eventRows(db)).toEqual([
      'ORD-1 0 DELIVERED 2026-11-27T20:30Z matched',
      'ORD-1 0 DISPATCHED 2026-11-25T13:00Z matched',
      'ORD-1 0 PICKED 2026-11-24T14:00Z matched',
    ]);
  });

  it('keeps events of unknown and unconfirmed reservations as orphans, adopted when the reservation is confirmed', async () => {
    await reserve('ORD-2', false);
    const res = await post({
      events: [
        outcomeEvent('ORD-2', 'DELIVERED', '2026-11-26T11:00:00-05:00'),
        outcomeEvent('ORD-404', 'DELIVERED', '2026-11-26T11:00:00-05:00'),
        outcomeEvent('ORD-2', 'PICKED', '2026-11-23T09:00:00-05:00', { selection: 1 }),
      ],
    });
    expect(res.body).toEqual({ received: 3, stored: 3, duplicates: 0, orphans: 3 });
    expect(await promiseRow(db, 'ORD-2')).toBeUndefined();

    expect((await confirmReservation(server, 'ORD-2')).status).toBe(200);
    expect(await promiseRow(db, 'ORD-2')).toBe('OPEN - - 0 - 0 stale');
    expect(await t.app.get(PromiseOutcomeSweeper).sweep()).toEqual({
      adopted: 0,
      evaluated: 1,
      removed: { promises: 0, events: 0 },
      recounted: null,
    });
    expect(await promiseRow(db, 'ORD-2')).toBe('DELIVERED 2026-11-26 0 0 - 0 fresh');
    // the reservation has one selection: an event for a second stays an orphan, as does the unknown reservation's
    expect(await eventRows(db)).toEqual([
      'ORD-2 0 DELIVERED 2026-11-26T16:00Z matched',
      'ORD-2 1 PICKED 2026-11-23T14:00Z orphan',
      'ORD-404 0 DELIVERED 2026-11-26T16:00Z orphan',
    ]);
  });

  it('keeps out events dated before the reservation, and closes a released promise as CANCELLED', async () => {
    await reserve('ORD-3');
    // the reservation was made at the E10 instant, 2026-11-22 12:00 Lima
    const res = await post({ events: [outcomeEvent('ORD-3', 'PICKED', '2026-11-21T09:00:00-05:00')] });
    expect(res.body).toEqual({ received: 1, stored: 1, duplicates: 0, orphans: 0 });
    expect(await promiseRow(db, 'ORD-3')).toBe('OPEN - - 0 - 1 fresh');

    expect((await releaseReservation(server, 'ORD-3')).status).toBe(200);
    await t.app.get(PromiseOutcomeSweeper).sweep();
    expect(await promiseRow(db, 'ORD-3')).toBe('CANCELLED - - 0 - 1 fresh');
  });

  it('a delivery on the promised day outside the window taken (AM, 09:00–13:00): on time, attributed to WINDOW', async () => {
    await reserve('ORD-IN');
    await reserve('ORD-OUT');
    const plan = (id: string) => [
      outcomeEvent(id, 'PICKED', '2026-11-23T10:00:00-05:00'),
      outcomeEvent(id, 'DISPATCHED', '2026-11-25T10:00:00-05:00'),
    ];
    const res = await post({
      events: [
        ...plan('ORD-IN'),
        outcomeEvent('ORD-IN', 'DELIVERED', '2026-11-26T12:59:00-05:00'),
        ...plan('ORD-OUT'),
        outcomeEvent('ORD-OUT', 'DELIVERED', '2026-11-26T13:00:00-05:00'),
      ],
    });
    expect(res.body).toEqual({ received: 6, stored: 6, duplicates: 0, orphans: 0 });
    expect(await promiseRow(db, 'ORD-IN')).toBe('DELIVERED 2026-11-26 0 0 - 0 fresh');
    expect(await promiseRow(db, 'ORD-OUT')).toBe('DELIVERED 2026-11-26 0 0 WINDOW 0 fresh');
    const accuracy = await request(server)
      .get(`${ACCURACY_PATH}?from=2026-11-26&to=2026-11-26&groupBy=window`)
      .set('Authorization', await authWith('outcomes:read'));
    expect(accuracy.body.groups).toEqual([
      expect.objectContaining({
        key: 'AM',
        promised: 2,
        delivered: 2,
        onTime: 2,
        exactDay: 2,
        late: 0,
        outsideWindow: 1,
        lateBySlippedStep: {
          PICKING: 0,
          DEPARTURE: 0,
          TRANSIT: 0,
          DELIVERY_ATTEMPT: 0,
          WINDOW: 1,
          UNKNOWN: 0,
        },
        onTimeRate: 1,
      }),
    ]);
  });

  const event = outcomeEvent('ORD-1', 'DELIVERED', '2026-11-26T11:00:00-05:00');
  it.each([
    ['an empty list', { events: [] }, [{ field: 'events', message: 'must have at least 1 entry' }]],
    [
      'more than 1,000 events',
      { events: Array.from({ length: 1001 }, () => event) },
      [{ field: 'events', message: 'must have at most 1000 entries' }],
    ],
    [
      'an unknown property and a missing instant',
      { events: [{ ...event, occurredAt: undefined, carrier: 'X' }] },
      [
        { field: 'events[0].occurredAt', message: 'is required' },
        { field: 'events[0].carrier', message: 'is not an accepted property' },
      ],
    ],
    [
      'an instant without its offset',
      { events: [event, { ...event, occurredAt: '2026-11-26T11:00:00' }] },
      [{ field: 'events[1].occurredAt', message: INSTANT_PROBLEM }],
    ],
    ...[
      '2026-02-30T12:00:00Z',
      '2026-02-31T12:00:00Z',
      '2026-04-31T12:00:00Z',
      '2026-11-31T12:00:00Z',
      '2026-02-29T12:00:00Z',
      '2026-11-20T24:00:00Z',
      '2026-11-20T23:59:60Z',
      '0000-01-01T00:00:00Z',
      '2026-11-20T12:00:00+25:00',
    ].map((occurredAt): [string, object, { field: string; message: string }[]] => [
      `an instant that does not exist (${occurredAt})`,
      { events: [{ ...event, occurredAt }] },
      [{ field: 'events[0].occurredAt', message: INSTANT_PROBLEM }],
    ]),
    [
      // the E10 clock: 2026-11-22 12:00 Lima (17:00Z), with a tolerance of 7 days
      'an event dated later than now',
      { events: [{ ...event, occurredAt: '2026-11-29T17:00:01Z' }] },
      [{ field: 'events[0].occurredAt', message: 'must not be later than now' }],
    ],
    ['a body that is an array', [event], [{ field: '', message: 'must be an object' }]],
    [
      'a schema error and a failed attempt without its reason, both',
      {
        events: [
          { ...event, selection: 'first' },
          { ...event, type: 'DELIVERY_FAILED' },
        ],
      },
      [
        { field: 'events[0].selection', message: 'must be an integer' },
        { field: 'events[1].reason', message: 'is required for DELIVERY_FAILED' },
      ],
    ],
    [
      'a failed attempt without its reason',
      { events: [event, { ...event, type: 'DELIVERY_FAILED' }] },
      [{ field: 'events[1].reason', message: 'is required for DELIVERY_FAILED' }],
    ],
  ])('400 VALIDATION_ERROR for %s, storing nothing', async (_, body, errors) => {
    await reserve('ORD-1');
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The outcome events are invalid',
      details: { errors },
    });
    expect(await eventRows(db)).toEqual([]);
    expect(await promiseRow(db, 'ORD-1')).toBe('OPEN - - 0 - 0 fresh');
  });

  it('400 for a body that is not JSON, 415 for one that is not declared JSON', async () => {
    const auth = await authWith('outcomes:write');
    const broken = await request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send('{"events": [');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('VALIDATION_ERROR');
    const text = await request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', auth)
      .set('Content-Type', 'text/plain')
      .send('x');
    expect(text.status).toBe(415);
    expect(await eventRows(db)).toEqual([]);
  });
});

/**
 * The worked example of docs/accuracy.md, on the E10 clock (today 2026-11-22 in Lima). Route R-A (CD01 →
 * LIM-CENTRO) promised 11-18 with picking planned 11-16 and departure 11-17: A1 on the day, A2 a day early, A3 picked
 * a day late and delivered 2 days late, A4 failed on the day and delivered the next, A5 no news; A6 promised 11-24.
 * Route R-B (CD02 → LIM-NORTE) promised 11-19, picking 11-17, departure 11-18: B1 on the day, B2 dispatched a day
 * late and delivered a day late, B3 cancelled.
 */
describe('GET /delivery/accuracy (docs/accuracy.md)', () => {
  let t: CapacityTestApp;
  let server: App;
  const get = async (query: string) =>
    request(server)
      .get(`${ACCURACY_PATH}${query}`)
      .set('Authorization', await authWith('outcomes:read'));
  const lima = (day: string, time = '10:00') => `2026-11-${day}T${time}:00-05:00`;
  const routeA = {
    deliveryDate: '2026-11-18',
    pickingDate: '2026-11-16',
    legs: [['R-A', '2026-11-17']],
  } as const;
  const routeB = {
    origin: 'CD02',
    destination: 'LIM-NORTE',
    deliveryDate: '2026-11-19',
    pickingDate: '2026-11-17',
    legs: [['R-B', '2026-11-18']],
  } as const;

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    const db = t.app.get(Database);
    const reserved = '2026-11-15T15:00:00Z';
    for (const id of ['A1', 'A2', 'A3', 'A4', 'A5']) await confirmedReservation(db, id, reserved, [routeA]);
    await confirmedReservation(db, 'A6', reserved, [
      { ...routeA, deliveryDate: '2026-11-24', legs: [['R-A', '2026-11-23']] },
    ]);
    for (const id of ['B1', 'B2', 'B3']) await confirmedReservation(db, id, reserved, [routeB]);
    const res = await request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', await authWith('outcomes:write'))
      .send({ events: WORKED_EXAMPLE_EVENTS(lima) });
    expect(res.body).toEqual({ received: 18, stored: 18, duplicates: 0, orphans: 1 });
  });
  afterAll(() => t.close());

  const steps = (fields: Partial<Record<string, number>>) => ({
    PICKING: 0,
    DEPARTURE: 0,
    TRANSIT: 0,
    DELIVERY_ATTEMPT: 0,
    WINDOW: 0,
    UNKNOWN: 0,
    ...fields,
  });
  const routeAFigures = {
    promised: 6,
    delivered: 4,
    onTime: 2,
    exactDay: 1,
    early: 1,
    late: 2,
    outsideWindow: 0,
    lateByDays: [
      { days: 1, count: 1 },
      { days: 2, count: 1 },
    ],
    lateBySlippedStep: steps({ PICKING: 1, DELIVERY_ATTEMPT: 1 }),
    failedAttempts: 1,
    cancelled: 0,
    openPastDate: 1,
    openInTime: 1,
    onTimeRate: 0.4,
    exactDayRate: 0.2,
    eventsBeforeReservation: 0,
  };
  const routeBFigures = {
    promised: 3,
    delivered: 2,
    onTime: 1,
    exactDay: 1,
    early: 0,
    late: 1,
    outsideWindow: 0,
    lateByDays: [{ days: 1, count: 1 }],
    lateBySlippedStep: steps({ DEPARTURE: 1 }),
    failedAttempts: 0,
    cancelled: 1,
    openPastDate: 0,
    openInTime: 0,
    onTimeRate: 0.5,
    exactDayRate: 0.5,
    eventsBeforeReservation: 0,
  };

  it('counts each route, worst on-time rate first, late deliveries by days and by the step that slipped', async () => {
    const res = await get('?from=2026-11-16&to=2026-11-24&groupBy=route');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: '2026-11-16',
      to: '2026-11-24',
      today: '2026-11-22',
      timezone: 'America/Lima',
      groupBy: 'route',
      total: {
        promised: 9,
        delivered: 6,
        onTime: 3,
        exactDay: 2,
        early: 1,
        late: 3,
        outsideWindow: 0,
        lateByDays: [
          { days: 1, count: 2 },
          { days: 2, count: 1 },
        ],
        lateBySlippedStep: steps({ PICKING: 1, DEPARTURE: 1, DELIVERY_ATTEMPT: 1 }),
        failedAttempts: 1,
        cancelled: 1,
        openPastDate: 1,
        openInTime: 1,
        onTimeRate: 0.4286,
        exactDayRate: 0.2857,
        eventsBeforeReservation: 0,
      },
      groups: [
        { key: 'R-A', ...routeAFigures },
        { key: 'R-B', ...routeBFigures },
      ],
      totalGroups: 2,
      page: 1,
      pageSize: 50,
      orphanEvents: 1,
    });
  });

  it('defaults to the 28 days up to yesterday, pages, and groups by origin, zone or week', async () => {
    const byDefault = await get('');
    expect([byDefault.body.from, byDefault.body.to, byDefault.body.total.promised]).toEqual([
      '2026-10-25',
      '2026-11-21',
      8,
    ]);
    // a lone `from` is the 28 days from it (today is 2026-11-22: a range partly ahead is no mistake); a lone `to`, the 28 days up to it
    const fromOnly = await get('?from=2026-12-10');
    expect([fromOnly.status, fromOnly.body.from, fromOnly.body.to]).toEqual([
      200,
      '2026-12-10',
      '2027-01-06',
    ]);
    const toOnly = await get('?to=2026-11-21');
    expect([toOnly.body.from, toOnly.body.to, toOnly.body.total.promised]).toEqual([
      '2026-10-25',
      '2026-11-21',
      8,
    ]);
    const second = await get('?from=2026-11-16&to=2026-11-24&pageSize=1&page=2');
    expect(second.body.groups).toEqual([{ key: 'R-B', ...routeBFigures }]);
    expect(second.body.totalGroups).toBe(2);
    const keys = async (groupBy: string) =>
      (await get(`?from=2026-11-16&to=2026-11-24&groupBy=${groupBy}`)).body.groups.map(
        (group: { key: string; promised: number }) => [group.key, group.promised],
      );
    expect(await keys('origin')).toEqual([
      ['CD01', 6],
      ['CD02', 3],
    ]);
    expect(await keys('zone')).toEqual([
      ['LIM-CENTRO', 6],
      ['LIM-NORTE', 3],
    ]);
    expect(await keys('week')).toEqual([
      ['2026-W47', 8],
      ['2026-W48', 1],
    ]);
  });

  it.each([
    [
      '?groupBy=carrier',
      [
        {
          field: 'groupBy',
          message: 'must be one of the following values: origin, route, zone, dispatchType, window, week',
        },
      ],
    ],
    ['?from=2026-11-20&to=2026-11-19', [{ field: 'to', message: expect.any(String) }]],
    ['?from=2025-01-01&to=2026-11-19', [{ field: 'to', message: 'must be at most 366 days from from' }]],
    [
      '?page=0&carrier=x',
      expect.arrayContaining([
        { field: 'page', message: expect.any(String) },
        { field: 'carrier', message: 'is not an accepted property' },
      ]),
    ],
    ['?from=2026-02-30', [{ field: 'from', message: DATE_PROBLEM }]],
    [
      '?from=0000-01-01&to=0000-01-02',
      [
        { field: 'from', message: DATE_PROBLEM },
        { field: 'to', message: DATE_PROBLEM },
      ],
    ],
  ])('400 VALIDATION_ERROR for %s', async (query, errors) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The accuracy query is invalid',
      details: { errors },
    });
  });
});

/**
 * Lead-time suggestions on the demo world (E10 clock, today 2026-11-22): R-CD01-LIMCENTRO-N (lead time 1) delivered
 * 1 day early, on the day, 1 and 2 days late; R-CD01-TD07-W (lead time 2) three orders 2 days early and one on the
 * day; R-CD01-TD05-T one delivery only (below the minimum of 2).
 */
describe('GET /delivery/accuracy/suggestions (docs/accuracy.md)', () => {
  let t: CapacityTestApp;
  let server: App;
  const get = async (query: string) =>
    request(server)
      .get(`${ACCURACY_PATH}/suggestions${query}`)
      .set('Authorization', await authWith('outcomes:read'));

  beforeAll(async () => {
    t = await startCapacityTestApp({ OUTCOME_SUGGESTION_MIN_DELIVERIES: '2' }, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    const db = t.app.get(Database);
    const lane = (leg: string, departure: string) => ({
      deliveryDate: '2026-11-18',
      pickingDate: '2026-11-16',
      legs: [[leg, departure]] as const,
    });
    const deliveries: [string, string, string][] = [
      ['N1', 'R-CD01-LIMCENTRO-N', '17'],
      ['N2', 'R-CD01-LIMCENTRO-N', '18'],
      ['N3', 'R-CD01-LIMCENTRO-N', '19'],
      ['N4', 'R-CD01-LIMCENTRO-N', '20'],
      ['W1', 'R-CD01-TD07-W', '16'],
      ['W2', 'R-CD01-TD07-W', '16'],
      ['W3', 'R-CD01-TD07-W', '16'],
      ['W4', 'R-CD01-TD07-W', '18'],
      ['T1', 'R-CD01-TD05-T', '20'],
    ];
    for (const [id, leg] of deliveries)
      await confirmedReservation(db, id, '2026-11-15T15:00:00Z', [lane(leg, '2026-11-17')]);
    const res = await request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', await authWith('outcomes:write'))
      .send({
        events: deliveries.map(([id, , day]) =>
          outcomeEvent(id, 'DELIVERED', `2026-11-${day}T12:00:00-05:00`),
        ),
      });
    expect(res.body.stored).toBe(9);
  });
  afterAll(() => t.close());

  it('gives the smallest lead-time change meeting the target, days added or taken off, ready for the preview', async () => {
    const res = await get('?from=2026-11-16&to=2026-11-21&target=0.75');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: '2026-11-16',
      to: '2026-11-21',
      target: 0.75,
      minDeliveries: 2,
      suggestions: [
        {
          route: 'R-CD01-LIMCENTRO-N',
          deliveries: 4,
          onTimeRate: 0.5,
          changeDays: 1,
          onTimeRateWithChange: 0.75,
          promiseDaysPerOrder: 1,
          change: { code: 'R-CD01-LIMCENTRO-N', leadTimeDaysFrom: 1, leadTimeDays: 2 },
        },
        {
          route: 'R-CD01-TD07-W',
          deliveries: 4,
          onTimeRate: 1,
          changeDays: -2,
          onTimeRateWithChange: 0.75,
          promiseDaysPerOrder: -2,
          change: { code: 'R-CD01-TD07-W', leadTimeDaysFrom: 2, leadTimeDays: 0 },
        },
      ],
      withoutSuggestion: [],
    });
  });

  it("an explanation's basis shows the chosen route's on-time rate over the 28 days before now", async () => {
    const res = await request(server)
      .post('/capacity/v1/delivery/capacity/explanation')
      .set('Authorization', await authWith('capacity:calculate'))
      .send(e10Request());
    expect(res.status).toBe(200);
    expect(res.body.explanation.basis.routeOnTime).toEqual([
      {
        route: 'R-CD01-LIMCENTRO-N',
        from: '2026-10-25',
        to: '2026-11-21',
        delivered: 4,
        openPastDate: 0,
        onTimeRate: 0.5,
      },
    ]);
  });

  it('a higher target asks more of the late lane, and a week more may not be enough', async () => {
    const res = await get('?from=2026-11-16&to=2026-11-21');
    expect(res.body.target).toBe(0.95);
    expect(
      res.body.suggestions.map((s: { route: string; changeDays: number }) => [s.route, s.changeDays]),
    ).toEqual([['R-CD01-LIMCENTRO-N', 2]]);
  });

  it.each([
    ['?target=1.5', 'target'],
    ['?target=x', 'target'],
    ['?lane=R1', 'lane'],
  ])('400 VALIDATION_ERROR for %s', async (query, field) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });
});

/** The events of the worked example (docs/accuracy.md), with one for an unknown order. */
function WORKED_EXAMPLE_EVENTS(lima: (day: string, time?: string) => string) {
  const e = (id: string, type: string, day: string, time?: string, reason?: string) =>
    outcomeEvent(id, type, lima(day, time), reason ? { reason } : {});
  return [
    e('A1', 'PICKED', '16'),
    e('A1', 'DISPATCHED', '17'),
    e('A1', 'DELIVERED', '18', '15:00'),
    e('A2', 'DELIVERED', '17', '18:00'),
    e('A3', 'PICKED', '17'),
    e('A3', 'DISPATCHED', '18'),
    e('A3', 'DELIVERED', '20'),
    e('A4', 'PICKED', '16'),
    e('A4', 'DISPATCHED', '17'),
    e('A4', 'DELIVERY_FAILED', '18', '16:00', 'nobody home'),
    e('A4', 'DELIVERED', '19'),
    e('B1', 'PICKED', '17'),
    e('B1', 'DISPATCHED', '18'),
    e('B1', 'DELIVERED', '19', '21:30'),
    e('B2', 'DISPATCHED', '19'),
    e('B2', 'DELIVERED', '20'),
    e('B3', 'CANCELLED', '18'),
    e('X9', 'DELIVERED', '19'),
  ];
}

import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, putConfiguration } from '../testing/capacity-fixtures';
import { e10Selection, postReservation, reservationBody } from '../testing/reservation-fixtures';

/**
 * The preview's `reservations` on the demo world (E10 clock 2026-11-22 12:00 Lima): three reservations of the E10
 * order, two delivered 2026-11-26 (picked 11-23, departing 11-25 on R-CD01-LIMCENTRO-N, AM window) and one 12-01.
 */
const ROUTE = 'R-CD01-LIMCENTRO-N';
type Fields = Record<string, unknown>;
const ZERO = {
  NODE_REMOVED: 0,
  ROUTE_REMOVED: 0,
  NOT_PICKING_DAY: 0,
  NOT_DEPARTURE_DAY: 0,
  HOLIDAY: 0,
  WINDOW_REMOVED: 0,
  WINDOW_MOVED: 0,
  COUNTER_FULL: 0,
  DATE_NOT_REACHED: 0,
};
const SELECTION_1126 = {
  origin: 'CD01',
  dispatchMode: 'HOME_DELIVERY',
  destination: 'LIM-CENTRO',
  deliveryDate: '2026-11-26',
  deliveryWindow: 'AM',
};

describe('configuration preview: the reservations a document breaks', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const preview = async (document: Fields, limit?: number) =>
    request(server)
      .post(`/capacity/v1/configuration/preview${limit === undefined ? '' : `?limit=${limit}`}`)
      .set('Authorization', await authWith('configuration:write'))
      .send(document);
  const edited = (edit: (document: { nodes: Fields[]; routes: Fields[] } & Fields) => void) => {
    const document = demoConfiguration() as { nodes: Fields[]; routes: Fields[] } & Fields;
    edit(document);
    return document;
  };
  const route = (document: { routes: Fields[] }) => document.routes.filter((r) => r.code === ROUTE)[0];

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    for (const [identifier, date] of [
      ['order-1', '2026-11-26'],
      ['order-2', '2026-11-26'],
      ['order-3', '2026-12-01'],
    ]) {
      const body = reservationBody(identifier, { selections: [e10Selection({ deliveryDate: date })] });
      expect((await postReservation(server, body)).status).toBe(201);
    }
    // order-1 is taken first, order-2 a minute later
    await db.query(`UPDATE capacity_reservations SET created_at = created_at + interval '1 minute'
                    WHERE identifier = 'order-2'`);
  });
  afterAll(() => t.close());

  it('the active document breaks nothing', async () => {
    const res = await preview(demoConfiguration());
    expect(res.body.reservations).toEqual({ total: 0, byReason: ZERO, listed: [] });
  });

  it('a holiday on their departure day: both 11-26 reservations named, with the date the change would promise', async () => {
    const res = await preview(
      edited((d) => (d.nodes.filter((n) => n.code === 'CD01')[0].holidays as string[]).push('2026-11-25')),
    );
    expect(res.status).toBe(200);
    const risk = (identifier: string, createdAt: string) => ({
      identifier,
      status: 'HELD',
      createdAt,
      reason: 'HOLIDAY',
      step: { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25' },
      node: 'CD01',
      selection: SELECTION_1126,
      earliestPromise: { deliveryDate: '2026-11-28', deliveryWindow: 'AM' },
    });
    expect(res.body.reservations).toEqual({
      total: 2,
      byReason: { ...ZERO, HOLIDAY: 2 },
      listed: [risk('order-1', '2026-11-22T17:00:00.000Z'), risk('order-2', '2026-11-22T17:01:00.000Z')],
    });
    expect(
      (
        await preview(
          edited((d) =>
            (d.nodes.filter((n) => n.code === 'CD01')[0].holidays as string[]).push('2026-11-25'),
          ),
          1,
        )
      ).body.reservations.listed.map((r: Fields) => r.identifier),
    ).toEqual(['order-1']);
  });

  it('an AM window of capacity 1 on 11-26: the reservation taken last is over', async () => {
    const res = await preview(
      edited(
        (d) =>
          (d.capacityOverrides = [{ scope: 'WINDOW', ref: `${ROUTE}:AM`, date: '2026-11-26', capacity: 1 }]),
      ),
    );
    expect(res.body.reservations).toMatchObject({
      total: 1,
      byReason: { ...ZERO, COUNTER_FULL: 1 },
      listed: [
        {
          identifier: 'order-2',
          reason: 'COUNTER_FULL',
          step: { scope: 'WINDOW', ref: `${ROUTE}:AM`, date: '2026-11-26' },
          node: null,
          earliestPromise: { deliveryDate: '2026-11-26', deliveryWindow: 'PM' },
        },
      ],
    });
  });

  it('the route no longer leaving on Wednesdays, the AM window moved, a longer lead time', async () => {
    const reasons = async (document: Fields) =>
      (await preview(document)).body.reservations.listed.map((r: Fields) => [
        r.identifier,
        r.reason,
        r.earliestPromise,
      ]);
    expect(await reasons(edited((d) => (route(d).daysOfWeek = ['LUN', 'VIE'])))).toEqual([
      ['order-1', 'NOT_DEPARTURE_DAY', { deliveryDate: '2026-11-28', deliveryWindow: 'AM' }],
      ['order-2', 'NOT_DEPARTURE_DAY', { deliveryDate: '2026-11-28', deliveryWindow: 'AM' }],
    ]);
    expect(await reasons(edited((d) => ((route(d).deliveryWindows as Fields[])[0].start = '10:00')))).toEqual(
      [
        ['order-1', 'WINDOW_MOVED', { deliveryDate: '2026-11-26', deliveryWindow: 'AM' }],
        ['order-2', 'WINDOW_MOVED', { deliveryDate: '2026-11-26', deliveryWindow: 'AM' }],
        ['order-3', 'WINDOW_MOVED', { deliveryDate: '2026-11-26', deliveryWindow: 'AM' }],
      ],
    );
    expect(await reasons(edited((d) => (route(d).leadTimeDays = 2)))).toEqual([
      ['order-1', 'DATE_NOT_REACHED', { deliveryDate: '2026-11-27', deliveryWindow: 'AM' }],
      ['order-2', 'DATE_NOT_REACHED', { deliveryDate: '2026-11-27', deliveryWindow: 'AM' }],
      ['order-3', 'DATE_NOT_REACHED', { deliveryDate: '2026-11-27', deliveryWindow: 'AM' }],
    ]);
  });

  // last: it puts a version live
  it('names only the reservations the candidate breaks, not those the active version already breaks', async () => {
    const holidays = (...days: string[]) =>
      edited((d) => (d.nodes.filter((n) => n.code === 'CD01')[0].holidays as string[]).push(...days));
    expect((await putConfiguration(server, holidays('2026-11-25'))).status).toBe(200);
    expect((await preview(holidays('2026-11-25'))).body.reservations).toEqual({
      total: 0,
      byReason: ZERO,
      listed: [],
    });
    expect((await preview(holidays('2026-11-25', '2026-11-30'))).body.reservations).toEqual({
      total: 1,
      byReason: { ...ZERO, HOLIDAY: 1 },
      listed: [
        {
          identifier: 'order-3',
          status: 'HELD',
          createdAt: '2026-11-22T17:00:00.000Z',
          reason: 'HOLIDAY',
          step: { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-30' },
          node: 'CD01',
          selection: { ...SELECTION_1126, deliveryDate: '2026-12-01' },
          earliestPromise: { deliveryDate: '2026-11-28', deliveryWindow: 'AM' },
        },
      ],
    });
  });
});

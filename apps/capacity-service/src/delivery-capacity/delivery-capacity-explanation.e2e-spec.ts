import request from 'supertest';
import type { App } from 'supertest/types';
import {
  EXPLANATION_REQUEST_EXAMPLE,
  EXPLANATION_RESPONSE_EXAMPLE,
  INSTANT_PROBLEM,
} from '@delivery/contracts';
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

/**
 * `POST {base}/delivery/capacity/explanation` on the demo world (clock 2026-11-22 12:00 Lima) with the DISPATCH
 * counter of R-CD01-LIMCENTRO-N full on 2026-11-25 (199 of 200) in Postgres. Auth is in the auth matrix.
 */
const EXPLANATION_PATH = `${CAPACITY_PATH}/explanation`;

describe('POST /delivery/capacity/explanation', () => {
  let t: CapacityTestApp;
  let server: App;
  let version: number;
  const postExplanation = async (body: unknown, at?: string) =>
    request(server)
      .post(EXPLANATION_PATH)
      .query(at === undefined ? {} : { at })
      .set('Authorization', await authWith('capacity:calculate'))
      .send(body as object);

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    const document = demoConfiguration();
    document.usage = [{ scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-25', used: 199 }];
    const loaded = await putConfiguration(server, document);
    expect(loaded.status).toBe(200);
    version = loaded.body.version;
  });
  afterAll(() => t.close());

  it('a full counter and a range: the first listed date is 12-01, and the explanation says why (the OpenAPI example)', async () => {
    const body = EXPLANATION_REQUEST_EXAMPLE;
    const [explained, calculated] = await Promise.all([postExplanation(body), postCapacity(server, body)]);
    expect([explained.status, calculated.status]).toEqual([200, 200]);
    expect(explained.body.calculationStatus).toBe(200);
    expect(explained.body.calculation).toEqual(calculated.body);
    const group = calculated.body.logisticsCapacity[0];
    expect(group.deliveryDates).toEqual([
      ['2026-12-01', '2026-12-03', '2026-12-05', '2026-12-08', '2026-12-10'],
    ]);
    expect(group.arriveDates).toEqual([{ node: 'LIM-CENTRO', arriveDate: '2026-12-01' }]);

    // the documented example is this answer, abridged to one trace entry and the first three searches
    const example = EXPLANATION_RESPONSE_EXAMPLE;
    expect({
      ...calculated.body,
      logisticsCapacity: [{ ...group, deliveryTrace: group.deliveryTrace.slice(0, 1) }],
    }).toEqual(example.calculation);
    const [path] = explained.body.explanation.groups[0].paths;
    expect({
      ...explained.body.explanation,
      groups: [
        {
          ...explained.body.explanation.groups[0],
          paths: [{ ...path, searches: path.searches.slice(0, 3) }],
        },
      ],
    }).toEqual(example.explanation);
    expect([path.route, path.rank, path.chosen, path.failure]).toEqual(['R-CD01-LIMCENTRO-N', 1, true, null]);
    expect(path.searches[1].rejected[1].counter).toMatchObject({ used: 199, capacity: 200, needed: 2 });
    expect(path.filtered).toEqual([{ deliveryDate: '2026-11-28', reason: 'BEFORE_RANGE' }]);
    expect(path.deliveryDates).toEqual(group.deliveryDates[0]);
    expect(explained.body.explanation.basis).toMatchObject({
      configurationVersion: version,
      identifier: 'order-123',
    });
  });

  it('a past answer: the same body with the instant it was calculated at explains it, with the basis it used', async () => {
    // ordered Tuesday 11-24 at 18:40 Lima, after CD01's 18:00 cut-off; one unit, so 199 of 200 still has room
    const body = e10Request({
      identifier: 'order-8812',
      purchaseDate: '2026-11-24',
      items: [{ skuCode: 'SKU-1', quantity: 1, weight: 1500, origin: 'CD01' }],
    });
    const late = await postExplanation(body, '2026-11-24T18:40:00-05:00');
    expect(late.status).toBe(200);
    expect(late.body.calculation.identifier).toBe('order-8812');
    expect(late.body.calculation.logisticsCapacity[0].deliveryDates[0][0]).toBe('2026-11-28');
    expect(late.body.explanation.basis).toEqual({
      now: '2026-11-24T23:40:00.000Z',
      businessNow: '2026-11-24T18:40:00-05:00',
      timeZone: 'America/Lima',
      configurationVersion: version,
      identifier: 'order-8812',
      counters: [{ scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-25', used: 199 }],
      routeOnTime: [
        {
          route: 'R-CD01-LIMCENTRO-N',
          from: '2026-10-27',
          to: '2026-11-23',
          delivered: 0,
          openPastDate: 0,
          onTimeRate: null,
        },
      ],
    });
    const [picking, departure] = late.body.explanation.groups[0].paths[0].searches;
    expect(picking).toMatchObject({
      from: '2026-11-24',
      rejected: [
        {
          date: '2026-11-24',
          reason: 'CUTOFF_PASSED',
          cutoff: { cutoffTime: '18:00', comparedWith: '2026-11-24T18:40:00-05:00' },
        },
      ],
      found: '2026-11-25',
    });
    expect(departure).toMatchObject({
      from: '2026-11-26',
      rejected: [{ date: '2026-11-26', reason: 'NOT_DEPARTURE_DAY' }],
      found: '2026-11-27',
    });
    // the same order that morning: picked on the 24th, delivered on the 26th
    const early = await postExplanation(body, '2026-11-24T10:15:00-05:00');
    expect(early.body.calculation.logisticsCapacity[0].deliveryDates[0][0]).toBe('2026-11-26');
    expect(early.body.explanation.groups[0].paths[0].searches[0].rejected).toEqual([]);
  });

  it('a search whose cut-off has passed is reported from the purchase date to the last date it searched (from + H)', async () => {
    const body = e10Request({
      purchaseDate: '2026-11-24',
      items: [{ skuCode: 'SKU-1', quantity: 1, weight: 1500, origin: 'CD01' }],
    });
    const late = await postExplanation(body, '2026-11-24T18:40:00-05:00');
    const early = await postExplanation(body, '2026-11-24T10:15:00-05:00');
    // H = 30: after the cut-off the search runs 11-25…12-24, before it 11-24…12-23
    expect(
      [late, early].map((res) => {
        const { from, to, rejected } = res.body.explanation.groups[0].paths[0].searches[0];
        return [from, to, rejected.map((rejection: { reason: string }) => rejection.reason)];
      }),
    ).toEqual([
      ['2026-11-24', '2026-12-24', ['CUTOFF_PASSED']],
      ['2026-11-24', '2026-12-23', []],
    ]);
  });

  it('an `at` that is not an ISO 8601 instant with its offset is a 400 VALIDATION_ERROR', async () => {
    for (const at of [
      '2026-11-24',
      '2026-11-24T18:40:00',
      'yesterday',
      '2026-13-24T18:40:00Z',
      '2026-02-30T18:40:00Z',
      '2026-11-24T24:00:00Z',
      '2026-11-24T18:40:60Z',
      '0000-01-01T00:00:00Z',
      '2026-11-24T18:40:00+25:00',
    ]) {
      const res = await postExplanation(e10Request(), at);
      expect([res.status, res.body.code, res.body.details.errors]).toEqual([
        400,
        'VALIDATION_ERROR',
        [{ field: 'at', message: INSTANT_PROBLEM }],
      ]);
    }
  });

  it('bad input is the same 400 as the calculation', async () => {
    for (const body of [
      e10Request({ items: [] }),
      e10Request({ calculationOptions: { rangeStart: '2026-12-02', rangeEnd: '2026-12-01' } }),
      e10Request({ nodes: [] }),
    ]) {
      const [explained, calculated] = await Promise.all([postExplanation(body), postCapacity(server, body)]);
      expect(explained.status).toBe(400);
      expect(explained.body.code).toBe('VALIDATION_ERROR');
      expect(explained.body.details).toEqual(calculated.body.details);
      expect(explained.body.message).toBe(calculated.body.message);
    }
    const res = await request(server)
      .post(EXPLANATION_PATH)
      .set('Authorization', await authWith('capacity:calculate'))
      .set('Content-Type', 'application/json')
      .send('{"purchaseDate":');
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('where the calculation answers 404 ROUTES_NOT_FOUND, the explanation answers 200 with the groups behind it', async () => {
    const body = e10Request({ deliveryData: { zone: 'NOWHERE' } });
    const [explained, calculated] = await Promise.all([postExplanation(body), postCapacity(server, body)]);
    expect([calculated.status, calculated.body.code]).toEqual([404, 'ROUTES_NOT_FOUND']);
    expect(explained.status).toBe(200);
    expect(explained.body.calculationStatus).toBe(404);
    expect(
      explained.body.calculation.logisticsCapacity[0].detailedCapacityError[0].details[0].errorCode,
    ).toBe('ROUTE_NOT_EXIST');
    expect(explained.body.explanation.groups[0]).toMatchObject({
      origin: 'CD01',
      paths: [],
      chosenRoute: null,
    });
  });

  it('layout B: one explanation per computed group, the lines as the calculation answers them', async () => {
    const body = layoutB([e10Line({ line: '1' }), e10Line({ line: '2' })]);
    const [explained, calculated] = await Promise.all([postExplanation(body), postCapacity(server, body)]);
    expect(explained.status).toBe(200);
    expect(explained.body.calculation).toEqual(calculated.body);
    expect(explained.body.explanation.placement).toBeNull();
    expect(explained.body.explanation.groups).toHaveLength(1);
    expect(explained.body.explanation.groups[0].chosenRoute).toBe('R-CD01-LIMCENTRO-N');
    expect(explained.body.explanation.groups[0].units).toBe(4);
    expect(explained.body.explanation.groups[0].items).toEqual([0, 1]);
  });

  it('layout B: a NORMAL and an EXPRESS item from one origin are two groups, told apart and matched to their lines', async () => {
    const body = layoutB([
      e10Line({ line: '1' }),
      e10Line({ line: '2', skuCode: 'SKU-2', dispatchType: 'EXPRESS' }),
    ]);
    const [explained, calculated] = await Promise.all([postExplanation(body), postCapacity(server, body)]);
    expect(explained.body.calculation).toEqual(calculated.body);
    const groups = explained.body.explanation.groups;
    expect(
      groups.map((g: Record<string, unknown>) => [
        g.origin,
        g.destination,
        g.dispatchType,
        g.dispatchMode,
        g.items,
      ]),
    ).toEqual([
      ['CD01', 'LIM-CENTRO', 'NORMAL', 'HOME_DELIVERY', [0]],
      ['CD01', 'LIM-CENTRO', 'EXPRESS', 'HOME_DELIVERY', [1]],
    ]);
    for (const group of groups) {
      const chosen = group.paths.find((path: { chosen: boolean }) => path.chosen);
      expect(calculated.body[group.items[0]].deliveryDates).toEqual(chosen.deliveryDates);
    }
    expect(explained.body.explanation.basis.identifier).toBeNull();
  });
});

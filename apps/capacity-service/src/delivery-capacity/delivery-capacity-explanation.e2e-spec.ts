import request from 'supertest';
import type { App } from 'supertest/types';
import { EXPLANATION_REQUEST_EXAMPLE, EXPLANATION_RESPONSE_EXAMPLE } from '@delivery/contracts';
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
  const postExplanation = async (body: unknown) =>
    request(server)
      .post(EXPLANATION_PATH)
      .set('Authorization', await authWith('capacity:calculate'))
      .send(body as object);

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    const document = demoConfiguration();
    document.usage = [{ scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-25', used: 199 }];
    expect((await putConfiguration(server, document)).status).toBe(200);
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
  });
});

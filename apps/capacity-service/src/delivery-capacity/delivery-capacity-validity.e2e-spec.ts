import request from 'supertest';
import type { App } from 'supertest/types';
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
 * `validUntil` through HTTP, on the demo world (clock 2026-11-22 12:00 Lima) with the DISPATCH counter of
 * R-CD01-LIMCENTRO-N full on 2026-11-25 (199 of 200): the explanation's `at` asks the same request one second
 * before the instant the answer names and at it.
 */
describe('validUntil: how long an answer holds', () => {
  let t: CapacityTestApp;
  let server: App;
  const order = e10Request({ identifier: 'order-77' });
  const explainAt = async (body: unknown, at?: string) =>
    request(server)
      .post(`${CAPACITY_PATH}/explanation`)
      .query(at === undefined ? {} : { at })
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

  it("the answer holds until CD01's cut-off on the purchase date, the explanation says so, and at it picking moves", async () => {
    const calculated = await postCapacity(server, order);
    expect(calculated.status).toBe(200);
    const group = calculated.body.logisticsCapacity[0];
    expect([group.pickingDate, group.deliveryDates[0][0], group.validUntil]).toEqual([
      '2026-11-23',
      '2026-11-28',
      '2026-11-23T18:00:00-05:00',
    ]);
    const now = await explainAt(order);
    expect(now.body.calculation).toEqual(calculated.body);
    expect(now.body.explanation.groups[0].validUntil).toEqual({
      at: '2026-11-23T18:00:00-05:00',
      reason: 'PICKING_CUTOFF',
      node: 'CD01',
      cutoffTime: '18:00',
      route: null,
      window: null,
      date: null,
    });

    const [before, at] = await Promise.all([
      explainAt(order, '2026-11-23T17:59:59-05:00'),
      explainAt(order, '2026-11-23T18:00:00-05:00'),
    ]);
    expect(before.body.calculation).toEqual(calculated.body);
    // picked on the 24th, ready on the 25th: that day's departure is full, so delivery stays on the 28th
    const moved = at.body.calculation.logisticsCapacity[0];
    expect([
      moved.pickingDate,
      moved.deliveryTrace[0].details[0].dispatchDate,
      moved.deliveryDates[0][0],
    ]).toEqual(['2026-11-24', '2026-11-25', '2026-11-28']);
    expect(at.body.explanation.groups[0].validUntil).toEqual({
      at: '2026-11-24T00:00:00-05:00',
      reason: 'BUSINESS_DAY_END',
      node: 'CD01',
      cutoffTime: '18:00',
      route: null,
      window: null,
      date: '2026-11-23',
    });
  });

  it('on the delivery date, the answer holds until its last open window starts; then the date is no longer listed', async () => {
    const [before, at] = await Promise.all([
      explainAt(order, '2026-11-28T13:59:59-05:00'),
      explainAt(order, '2026-11-28T14:00:00-05:00'),
    ]);
    const group = before.body.calculation.logisticsCapacity[0];
    expect([group.deliveryDates[0][0], group.validUntil]).toEqual([
      '2026-11-28',
      '2026-11-28T14:00:00-05:00',
    ]);
    expect(
      group.deliveryTrace[0].deliveryWindows.map((w: { deliveryWindow: string; blocked: boolean }) => [
        w.deliveryWindow,
        w.blocked,
      ]),
    ).toEqual([
      ['AM', true],
      ['PM', false],
    ]);
    expect(before.body.explanation.groups[0].validUntil).toEqual({
      at: '2026-11-28T14:00:00-05:00',
      reason: 'WINDOW_START',
      node: null,
      cutoffTime: null,
      route: 'R-CD01-LIMCENTRO-N',
      window: 'PM',
      date: '2026-11-28',
    });
    // Friday's departure now has no open window on Saturday 28th: the next is Monday 30th, delivering 12-01
    expect(at.body.calculation.logisticsCapacity[0].deliveryDates[0].slice(0, 2)).toEqual([
      '2026-12-01',
      '2026-12-03',
    ]);
  });

  it('layout B: each line carries its group’s validUntil', async () => {
    const response = await postCapacity(server, layoutB([e10Line({ line: '1' })]));
    expect(response.status).toBe(200);
    expect(response.body[0].validUntil).toBe('2026-11-23T18:00:00-05:00');
  });
});

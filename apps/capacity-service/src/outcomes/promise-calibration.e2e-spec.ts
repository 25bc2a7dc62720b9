import request from 'supertest';
import type { App } from 'supertest/types';
import { DATE_PROBLEM } from '@delivery/contracts';
import { confirmedReservation, outcomeEvent, OUTCOMES_PATH } from '@delivery/outcome-recording/testing';
import { Database } from '@delivery/persistence';
import { MetricsService } from '@delivery/platform';
import { authWith } from '../testing/capacity-fixtures';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { CalibrationGauges } from './calibration.gauges';
import { OnTimeGauges } from './on-time.gauges';

const CALIBRATION_PATH = '/capacity/v1/delivery/accuracy/calibration';
const LIMA_CENTRO = 'R-CD01-LIMCENTRO-N';
const HUB = [
  ['R-CD01-HUB', '2026-11-18'],
  ['R-HUB-LIMNORTE', '2026-11-19'],
] as const;

/**
 * `GET /delivery/accuracy/calibration` (docs/learning.md, "Calibration") on the E10 clock (today 2026-11-22 in Lima):
 * promises made with a probability, kept or not, in three buckets and two lanes, each figure worked out by hand.
 *
 * | promise | lane        | p    | promised | what happened            | judged | kept |
 * | ------- | ----------- | ---- | -------- | ------------------------ | ------ | ---- |
 * | P1      | LIMCENTRO-N | 0.96 | 11-20    | delivered 11-20          | yes    | yes  |
 * | P2      | LIMCENTRO-N | 0.96 | 11-20    | delivered 11-21          | yes    | no   |
 * | P3      | LIMCENTRO-N | 0.98 | 11-19    | open past its date       | yes    | no   |
 * | P4      | LIMCENTRO-N | 0.97 | 11-25    | open, its date to come   | no     |      |
 * | P5      | LIMCENTRO-N | 0.62 | 11-20    | delivered 11-19          | yes    | yes  |
 * | P6      | LIMCENTRO-N | 0.95 | 11-20    | cancelled                | no     |      |
 * | P7      | LIMCENTRO-N | –    | 11-20    | delivered 11-20          | (not a promise with a probability) |
 * | B1      | HUB lane    | 1    | 11-20    | delivered 11-20          | yes    | yes  |
 * | B2      | HUB lane    | 0.5  | 11-20    | delivered 11-22          | yes    | no   |
 */
describe('GET /delivery/accuracy/calibration (docs/learning.md)', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const get = async (query: string, ...scopes: Parameters<typeof authWith>) =>
    request(server)
      .get(`${CALIBRATION_PATH}${query}`)
      .set('Authorization', await authWith(...(scopes.length > 0 ? scopes : (['outcomes:read'] as const))));

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    const promise = (id: string, deliveryDate: string, probability?: number, hub = false) =>
      confirmedReservation(db, id, '2026-11-15T17:00:00Z', [
        {
          deliveryDate,
          pickingDate: '2026-11-17',
          legs: hub ? HUB : [[LIMA_CENTRO, '2026-11-18']],
          ...(probability === undefined ? {} : { probability, bufferDays: 0, modelVersion: 3 }),
        },
      ]);
    await promise('P1', '2026-11-20', 0.96);
    await promise('P2', '2026-11-20', 0.96);
    await promise('P3', '2026-11-19', 0.98);
    await promise('P4', '2026-11-25', 0.97);
    await promise('P5', '2026-11-20', 0.62);
    await promise('P6', '2026-11-20', 0.95);
    await promise('P7', '2026-11-20');
    await promise('B1', '2026-11-20', 1, true);
    await promise('B2', '2026-11-20', 0.5, true);
    const events = [
      outcomeEvent('P1', 'DELIVERED', '2026-11-20T15:00:00-05:00'),
      outcomeEvent('P2', 'DELIVERED', '2026-11-21T15:00:00-05:00'),
      outcomeEvent('P5', 'DELIVERED', '2026-11-19T15:00:00-05:00'),
      outcomeEvent('P6', 'CANCELLED', '2026-11-18T15:00:00-05:00'),
      outcomeEvent('P7', 'DELIVERED', '2026-11-20T15:00:00-05:00'),
      outcomeEvent('B1', 'DELIVERED', '2026-11-20T10:00:00-05:00'),
      outcomeEvent('B2', 'DELIVERED', '2026-11-22T09:00:00-05:00'),
    ];
    const posted = await request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', await authWith('outcomes:write'))
      .send({ events });
    expect(posted.body).toEqual({ received: 7, stored: 7, duplicates: 0, orphans: 0 });
  });
  afterAll(() => t.close());

  const TOP = {
    bucket: '0.95-1.00',
    judged: 4,
    // (0.96 + 0.96 + 0.98 + 1) ÷ 4; 2 kept of 4
    predicted: 0.975,
    observed: 0.5,
    // ((0.96 − 1)² + 0.96² + 0.98² + 0²) ÷ 4 = 1.8836 ÷ 4
    brier: 0.4709,
    calibrationError: 0.475,
  };
  const LOW = [
    // B2: 0.5, late
    {
      bucket: '0.50-0.55',
      promises: 1,
      judged: 1,
      predicted: 0.5,
      observed: 0,
      brier: 0.25,
      calibrationError: 0.5,
    },
    // P5: 0.62, early
    {
      bucket: '0.60-0.65',
      promises: 1,
      judged: 1,
      predicted: 0.62,
      observed: 1,
      brier: 0.1444,
      calibrationError: 0.38,
    },
  ];
  const HUB_LANE = {
    lane: 'R-CD01-HUB > R-HUB-LIMNORTE',
    promises: 2,
    judged: 2,
    predicted: 0.75,
    observed: 0.5,
    brier: 0.125,
  };

  it('per bucket, per lane and in total, as worked out by hand', async () => {
    const res = await get('?from=2026-11-19&to=2026-11-25');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: '2026-11-19',
      to: '2026-11-25',
      // P4 is a promise of the range, not judged yet; P6 was cancelled
      buckets: [...LOW, { ...TOP, promises: 6 }],
      lanes: [
        HUB_LANE,
        // (0.96 + 0.96 + 0.98 + 0.62) ÷ 4; (0.0016 + 0.9216 + 0.9604 + 0.1444) ÷ 4
        { lane: LIMA_CENTRO, promises: 6, judged: 4, predicted: 0.88, observed: 0.5, brier: 0.507 },
      ],
      // 5.02 ÷ 6; 3 ÷ 6; 2.278 ÷ 6; |5.02 − 3| ÷ 6
      total: {
        promises: 8,
        judged: 6,
        predicted: 0.8367,
        observed: 0.5,
        brier: 0.3797,
        calibrationError: 0.3367,
      },
    });
  });

  it('by default over the 28 days up to yesterday, as the accuracy view', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect([res.body.from, res.body.to, res.body.buckets]).toEqual([
      '2026-10-25',
      '2026-11-21',
      [...LOW, { ...TOP, promises: 5 }],
    ]);
    // nothing promised after P4's date
    expect((await get('?from=2026-11-26')).body).toEqual({
      from: '2026-11-26',
      to: '2026-12-23',
      buckets: [],
      lanes: [],
      total: {
        promises: 0,
        judged: 0,
        predicted: null,
        observed: null,
        brier: null,
        calibrationError: null,
      },
    });
  });

  it('counts the gauges of the buckets with enough judged promises, and their limit', async () => {
    await t.app.get(CalibrationGauges).refresh();
    const metrics = await t.app.get(MetricsService).registry.metrics();
    // CALIBRATION_MIN_DELIVERIES is 200 by default: no bucket has that many
    expect(metrics).toContain('promise_calibration_error_limit 0.02');
    expect(metrics).not.toMatch(/^promise_calibration_error\{/m);
  });

  it.each([
    ['?from=2026-02-30', [{ field: 'from', message: DATE_PROBLEM }]],
    ['?from=2026-11-20&to=2026-11-19', [{ field: 'to', message: 'must not be before from' }]],
    ['?from=2025-01-01&to=2026-11-19', [{ field: 'to', message: 'must be at most 366 days from from' }]],
    ['?groupBy=route', [{ field: 'groupBy', message: 'is not an accepted property' }]],
  ])('400 VALIDATION_ERROR for %s', async (query, errors) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The calibration query is invalid',
      details: { errors },
    });
  });

  it('401 without credentials, 403 without outcomes:read', async () => {
    const anonymous = await request(server).get(CALIBRATION_PATH);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const writer = await get('', 'outcomes:write', 'capacity:calculate');
    expect([writer.status, writer.body.code]).toEqual([403, 'FORBIDDEN']);
  });
});

/** With a lower minimum, the gauges report the buckets that reach it. */
describe('promise_calibration_error', () => {
  let t: CapacityTestApp;

  beforeAll(async () => {
    t = await startCapacityTestApp(
      { CALIBRATION_MIN_DELIVERIES: '2', CALIBRATION_ALERT_POINTS: '5' },
      { clock: E10_CLOCK },
    );
    const db = t.app.get(Database);
    for (const [id, probability] of [
      ['G1', 0.9],
      ['G2', 0.9],
      ['G3', 0.7],
    ] as const)
      await confirmedReservation(db, id, '2026-11-15T17:00:00Z', [
        {
          deliveryDate: '2026-11-20',
          pickingDate: '2026-11-17',
          legs: [[LIMA_CENTRO, '2026-11-18']],
          probability,
        },
      ]);
    await db.query(`UPDATE delivery_promises SET state = 'DELIVERED', delivered_date = '2026-11-20', delay_days = 0
                    WHERE reservation_identifier = 'G1'`);
    // the accuracy view's day rows, counted again after that hand-written delivery (as the bench data is)
    await db.query('SELECT delivery_accuracy_days_recount()');
  });
  afterAll(() => t.close());

  it('per bucket with at least CALIBRATION_MIN_DELIVERIES judged promises: |predicted − observed|', async () => {
    await t.app.get(CalibrationGauges).refresh();
    const metrics = await t.app.get(MetricsService).registry.metrics();
    // 0.90-0.95: G1 kept, G2 open past its date: |0.9 − 0.5|; 0.70-0.75 holds one judged promise only
    expect(metrics.split('\n').filter((line) => line.startsWith('promise_calibration_error'))).toEqual([
      'promise_calibration_error{bucket="0.90-0.95"} 0.4',
      'promise_calibration_error_limit 0.05',
    ]);
  });

  it('delivery_on_time_rate_7d: per origin, the on-time rate of the last 7 days, and its target', async () => {
    await t.app.get(OnTimeGauges).refresh();
    const metrics = await t.app.get(MetricsService).registry.metrics();
    // G1 kept, G2 and G3 open past their date: 1 of 3
    expect(metrics.split('\n').filter((line) => line.startsWith('delivery_on_time_'))).toEqual([
      'delivery_on_time_rate_7d{origin="CD01"} 0.3333333333333333',
      'delivery_on_time_target 0.95',
    ]);
  });
});

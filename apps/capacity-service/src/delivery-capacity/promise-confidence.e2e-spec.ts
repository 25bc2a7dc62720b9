import request from 'supertest';
import type { App } from 'supertest/types';
import type { LaneEstimateData, LaneModelData } from '@delivery/capacity-domain';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  authWith,
  CAPACITY_PATH,
  demoConfiguration,
  e10Request,
  getConfiguration,
  postCapacity,
  putConfiguration,
} from '../testing/capacity-fixtures';
import { counterRows, e10Selection, postReservation } from '../testing/reservation-fixtures';
import type { LaneModelSource } from './lane-models.port';

/**
 * Promising at a confidence (docs/learning.md) over HTTP on the demo world (E10 clock 2026-11-22 12:00 Lima), with
 * a lane model made by hand: R-CD01-LIMCENTRO-N delivers 60 % on its plan, 85 % within a day, 96 % within two and
 * 99 % within three, so its buffer is 0 up to 0.60, 1 up to 0.85, 2 up to 0.96 and 3 above. E10's dates (11-26,
 * 11-28, 12-01, 12-03, 12-05, departures the day before) move by that buffer.
 */
const LANE = 'R-CD01-LIMCENTRO-N';
const bufferFor = (level: number) => (level <= 10 ? 0 : level <= 35 ? 1 : level <= 46 ? 2 : 3);
const estimate = (fields: Partial<LaneEstimateData> = {}): LaneEstimateData => ({
  level: 'LANE',
  deliveries: 412,
  weight: 412,
  firstDelay: 0,
  // its own F̂, the network's the same: pooled, the same figures
  ownByDelay: [0.6, 0.85, 0.96, 0.99],
  buffers: Array.from({ length: 50 }, (_, level) => bufferFor(level)),
  ...fields,
});
const modelOf = (version: number, lane: LaneEstimateData): LaneModelData => ({
  version,
  builtAt: '2026-11-22T05:00:00.000Z',
  today: '2026-11-22',
  settings: {
    halfLifeDays: 28,
    priorDeliveries: 20,
    maxBufferStepDays: 1,
    maxBufferDays: 7,
    minBufferDays: 7,
  },
  lanes: { [LANE]: lane },
  lastLegs: {},
  zones: {},
  network: estimate({ level: 'NETWORK', deliveries: 2000 }),
});
const CURRENT = modelOf(17, estimate());
/** the model before 2026-11-22 12:00 UTC: one day of buffer whatever the confidence */
const EARLIER = modelOf(16, estimate({ deliveries: 380, buffers: Array.from({ length: 50 }, () => 1) }));
const laneModels: LaneModelSource = {
  current: () => CURRENT,
  at: async (instant) => (instant.getTime() < Date.parse('2026-11-22T12:00:00Z') ? EARLIER : CURRENT),
};

const E10_DATES = ['2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05'];
const confidence = (probability: number, bufferDays: number) => ({
  probability,
  lane: LANE,
  deliveries: 412,
  pooling: 'LANE',
  bufferDays,
  modelVersion: 17,
});

function documentWith(bySaleChannel: Record<string, unknown> | null): Record<string, unknown> {
  const document = demoConfiguration();
  if (bySaleChannel !== null)
    document.settings = { ...(document.settings as object), promiseConfidence: { bySaleChannel } };
  return document;
}

describe('promising at a confidence', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const group = async (body: object) => {
    const answer = await postCapacity(server, body);
    expect(answer.status).toBe(200);
    return answer.body.logisticsCapacity[0];
  };
  const dates = async (body: object) => (await group(body)).deliveryDates[0];

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK, laneModels });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
  });
  afterAll(() => t.close());
  beforeEach(() => db.query('TRUNCATE capacity_counters, capacity_reservations'));

  it('without a confidence the dates are E10’s and each group says how likely they are', async () => {
    expect((await putConfiguration(server, documentWith(null))).status).toBe(200);
    const answer = await group(e10Request());
    expect(answer.deliveryDates).toEqual([E10_DATES]);
    expect(answer.promiseConfidence).toEqual(confidence(0.6, 0));
  });

  it('a configuration promising WEB at 0.95 moves WEB’s dates by the lane’s buffer; the option overrides it', async () => {
    expect((await putConfiguration(server, documentWith({ WEB: 0.95, APP: 0.55 }))).status).toBe(200);
    const exported = await getConfiguration(server);
    expect(exported.body.settings.promiseConfidence).toEqual({ bySaleChannel: { WEB: 0.95, APP: 0.55 } });

    const web = await group(e10Request());
    expect(web.deliveryDates).toEqual([
      ['2026-11-28', '2026-11-30', '2026-12-03', '2026-12-05', '2026-12-07'],
    ]);
    expect(web.deliveryTrace[0].details[0].departureDate).toBe('2026-11-25');
    expect(web.deliveryTrace[0].details[0].receptionDate).toBe('2026-11-26');
    expect(
      web.deliveryTrace[0].deliveryWindows.map((w: { deliveryWindowStart: string }) => w.deliveryWindowStart),
    ).toEqual(['2026-11-28T09:00:00-05:00', '2026-11-28T14:00:00-05:00']);
    expect(web.promiseConfidence).toEqual(confidence(0.96, 2));
    expect(await dates(e10Request({ saleChannel: 'APP' }))).toEqual(E10_DATES);
    expect(await dates(e10Request({ saleChannel: 'STORE' }))).toEqual(E10_DATES);

    const overridden = await group(e10Request({ calculationOptions: { confidence: 0.8 } }));
    expect(overridden.deliveryDates).toEqual([
      ['2026-11-27', '2026-11-29', '2026-12-02', '2026-12-04', '2026-12-06'],
    ]);
    expect(overridden.promiseConfidence).toEqual(confidence(0.85, 1));
    expect(await dates(e10Request({ calculationOptions: { confidence: 0.5 } }))).toEqual(E10_DATES);
    expect(
      await dates(e10Request({ saleChannel: 'STORE', calculationOptions: { confidence: 0.99 } })),
    ).toEqual(['2026-11-29', '2026-12-01', '2026-12-04', '2026-12-06', '2026-12-08']);
  });

  it.each([0.3, 1.2, 0.955, '0.95'])(
    'calculationOptions.confidence %p is a 400 naming the field',
    async (value) => {
      const answer = await postCapacity(server, e10Request({ calculationOptions: { confidence: value } }));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'The request is invalid (layout A)',
        details: {
          errors: [
            {
              field: 'calculationOptions.confidence',
              message: 'must be a number from 0.50 to 0.99 in steps of 0.01',
            },
          ],
        },
      });
    },
  );

  it('a configuration with a confidence that is not one is refused with its path', async () => {
    const answer = await putConfiguration(server, documentWith({ WEB: 0.955 }));
    expect(answer.status).toBe(400);
    expect(answer.body.details.errors).toEqual([
      {
        field: 'settings.promiseConfidence.bySaleChannel.WEB',
        message: 'must be a number from 0.50 to 0.99 in steps of 0.01',
      },
    ]);
  });

  it('a hold under the confidence takes the buffered plan’s counters and keeps the buffer in its selection', async () => {
    expect((await putConfiguration(server, documentWith({ WEB: 0.95 }))).status).toBe(200);
    // E10's unbuffered first date is not offered any more
    const unbuffered = await postReservation(server, {
      identifier: 'conf-1',
      request: e10Request(),
      selections: [e10Selection()],
    });
    expect(unbuffered.status).toBe(409);
    const held = await postReservation(server, {
      identifier: 'conf-2',
      request: e10Request(),
      selections: [e10Selection({ deliveryDate: '2026-11-28' })],
    });
    expect(held.status).toBe(201);
    expect(await counterRows(db)).toEqual([
      'DISPATCH R-CD01-LIMCENTRO-N 2026-11-25 used 2 of 200',
      'PICKING CD01 2026-11-23 used 2 of 1000',
      'WINDOW R-CD01-LIMCENTRO-N:AM 2026-11-28 used 1 of 40',
    ]);
    const [stored] = await db.query(
      `SELECT selections FROM capacity_reservations WHERE identifier = 'conf-2'`,
    );
    expect(stored.selections).toEqual([
      expect.objectContaining({
        deliveryDate: '2026-11-28',
        bufferDays: 2,
        probability: 0.96,
        modelVersion: 17,
      }),
    ]);
    // the answer's selections keep their shape
    expect(Object.keys(held.body.selections[0])).toEqual([
      'origin',
      'dispatchMode',
      'destination',
      'deliveryDate',
      'deliveryWindow',
      'plan',
    ]);
  });

  it('the explanation names the lane, the buffer, the model and the probability; `at` uses the model of that instant', async () => {
    expect((await putConfiguration(server, documentWith({ WEB: 0.95 }))).status).toBe(200);
    const explain = async (at?: string) =>
      request(server)
        .post(`${CAPACITY_PATH}/explanation`)
        .query(at === undefined ? {} : { at })
        .set('Authorization', await authWith('capacity:calculate'))
        .send(e10Request());
    const now = await explain();
    expect(now.status).toBe(200);
    expect(now.body.explanation.groups[0].promiseConfidence).toEqual({
      confidence: 0.95,
      ...confidence(0.96, 2),
    });
    expect(now.body.calculation.logisticsCapacity[0].promiseConfidence).toEqual(confidence(0.96, 2));
    expect(now.body.explanation.groups[0].paths[0].deliveryDates[0]).toBe('2026-11-28');

    const before = await explain('2026-11-22T06:30:00-05:00');
    expect(before.status).toBe(200);
    expect(before.body.explanation.groups[0].promiseConfidence).toEqual({
      confidence: 0.95,
      probability: 0.85,
      lane: LANE,
      deliveries: 380,
      pooling: 'LANE',
      bufferDays: 1,
      modelVersion: 16,
    });
    expect(before.body.calculation.logisticsCapacity[0].deliveryDates[0][0]).toBe('2026-11-27');
  });
});

/** Promising at a confidence (docs/learning.md): the lane's buffer on the last leg, and each group's probability. */
import { formatDate, parseDate } from '../calendar/calendar';
import { laneEstimate, laneKeyOf, onTimeAt } from '../learning/lane-estimate';
import type { LaneEstimateData, LaneModelData } from '../learning/lane-model.types';
import type { CalculateDeliveryCapacityRequest } from '../request/capacity-request.types';
import { e10Request, demoSnapshot } from '../testing/demo-world';
import {
  documentOf,
  E10_CLOCK,
  homeRoute,
  layoutA,
  layoutB,
  node,
  requestA,
  runAsService,
  snapshotOf,
  used,
  withdrawal,
  zone,
} from '../testing/world-builder';
import { explain, planReads } from './capacity-engine';

type Fields = Record<string, unknown>;

/** buffers per confidence level (0.50 … 0.99): `low` below 0.80, `high` from it */
const buffers = (low: number, high: number): number[] =>
  Array.from({ length: 50 }, (_, i) => (i < 30 ? low : high));

/** An estimate whose values are its F as they stand (no weight: not pooled again), unless a test gives a weight. */
const estimate = (fields: Partial<LaneEstimateData> = {}): LaneEstimateData => ({
  level: 'LANE',
  deliveries: 412,
  weight: null,
  firstDelay: -1,
  // P(delay ≤ −1 … 3)
  ownByDelay: [0.1, 0.512345, 0.8, 0.9, 0.962351],
  buffers: buffers(1, 3),
  ...fields,
});

const model = (fields: Partial<LaneModelData> = {}): LaneModelData => ({
  version: 17,
  builtAt: '2026-11-22T05:00:00.000Z',
  today: '2026-11-22',
  settings: {
    halfLifeDays: 28,
    priorDeliveries: 20,
    maxBufferStepDays: 1,
    maxBufferDays: 7,
    minBufferDays: 7,
  },
  lanes: { R: estimate() },
  lastLegs: {},
  zones: {},
  network: estimate({
    level: 'NETWORK',
    deliveries: 5000,
    ownByDelay: [0.2, 0.6, 0.9],
    buffers: buffers(0, 1),
  }),
  ...fields,
});

/** A (CD) → Z by route R (lead time 2, window W); purchase Monday 2026-11-23, clock Sunday 11-22 12:00 Lima. */
function line(routeFields: Fields = {}, settings: Fields = {}) {
  return snapshotOf(
    documentOf({
      settings,
      nodes: [node('A')],
      zones: [zone('Z', ['150101'])],
      routes: [
        homeRoute('R', 'A', 'Z', {
          leadTimeDays: 2,
          deliveryWindows: [{ code: 'W', start: '09:00', end: '13:00', capacity: 1 }],
          ...routeFields,
        }),
      ],
    }),
  );
}

const request = (options: Fields = {}, fields: Partial<CalculateDeliveryCapacityRequest> = {}) =>
  requestA({
    deliveryData: { zone: 'Z' },
    items: [{ skuCode: 'S', origin: 'A', quantity: 1 }],
    calculationOptions: options,
    ...fields,
  });

const onlyGroupOf = (outcome: ReturnType<typeof runAsService>) => {
  const groups = layoutA(outcome).response.logisticsCapacity;
  expect(groups).toHaveLength(1);
  return groups[0];
};

const shifted = (dates: readonly string[], days: number): string[] =>
  dates.map((date) => formatDate((parseDate(date) as number) + days));

describe('promising at a confidence', () => {
  it('adds the lane’s buffer to the last leg: every offered date moves by exactly b days', () => {
    const snapshot = line();
    const plain = onlyGroupOf(runAsService(snapshot, request(), {}, E10_CLOCK, model()));
    const at95 = onlyGroupOf(runAsService(snapshot, request({ confidence: 0.95 }), {}, E10_CLOCK, model()));
    const at60 = onlyGroupOf(runAsService(snapshot, request({ confidence: 0.6 }), {}, E10_CLOCK, model()));
    expect(plain.deliveryDates).toEqual([
      ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'],
    ]);
    expect(at95.deliveryDates).toEqual([shifted(plain.deliveryDates[0], 3)]);
    expect(at60.deliveryDates).toEqual([shifted(plain.deliveryDates[0], 1)]);
    // the departure and the picking stay: only the delivery moves, like the wholesale days
    expect(at95.pickingDate).toBe(plain.pickingDate);
    expect(at95.arriveDates).toEqual(plain.arriveDates);
    expect(at95.deliveryTrace[0].details[0].departureDate).toBe('2026-11-23');
    expect(at95.deliveryTrace[0].deliveryDate).toBe('2026-11-28');
    expect(plain.promiseConfidence).toEqual({
      probability: 0.5123,
      lane: 'R',
      deliveries: 412,
      pooling: 'LANE',
      bufferDays: 0,
      modelVersion: 17,
    });
    expect(at95.promiseConfidence).toEqual({
      ...plain.promiseConfidence,
      probability: 0.9624,
      bufferDays: 3,
    });
    expect(at60.promiseConfidence).toEqual({ ...plain.promiseConfidence, probability: 0.8, bufferDays: 1 });
    // 4 decimals, half-up on the stored 6
    const tie = model({ lanes: { R: estimate({ ownByDelay: [0.1, 0.95125] }) } });
    expect(
      onlyGroupOf(runAsService(snapshot, request(), {}, E10_CLOCK, tie)).promiseConfidence?.probability,
    ).toBe(0.9513);
  });

  it('the buffered dates take their own windows: counters, warnings and plans are the buffered plan’s', () => {
    const snapshot = line();
    // W is full on 11-28, the first buffered date: the next one with a free window is offered first
    const rows = { counters: [used('WINDOW', 'R:W', '2026-11-28', 1)] };
    const outcome = layoutA(runAsService(snapshot, request({ confidence: 0.95 }), rows, E10_CLOCK, model()));
    const group = outcome.response.logisticsCapacity[0];
    expect(group.deliveryDates).toEqual([
      ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'],
    ]);
    expect(group.deliveryTrace[0].details[0].departureDate).toBe('2026-11-24');
    const [plan] = outcome.groupPlans;
    expect(plan.promise).toEqual({
      probability: 0.9624,
      lane: 'R',
      level: 'LANE',
      deliveries: 412,
      bufferDays: 3,
      modelVersion: 17,
    });
    expect(plan.dates[0].counters.map((c) => [c.scope, c.ref, c.date])).toEqual([
      ['PICKING', 'A', '2026-11-23'],
      ['DISPATCH', 'R', '2026-11-24'],
    ]);
    expect(plan.dates[0].windows.map((w) => [w.ref, w.date, w.open])).toEqual([['R:W', '2026-11-29', true]]);
  });

  it('never delivers before the last leg’s departure: lead time + wholesale days + buffer ≥ 0', () => {
    const early = model({ lanes: { R: estimate({ buffers: buffers(-5, -5) }) } });
    const snapshot = line({}, { wholesale: { unitsThreshold: 10, additionalDays: 1 } });
    const group = onlyGroupOf(runAsService(snapshot, request({ confidence: 0.9 }), {}, E10_CLOCK, early));
    expect(group.deliveryDates[0][0]).toBe('2026-11-23');
    expect(group.deliveryTrace[0].details[0].departureDate).toBe('2026-11-23');
    expect(group.promiseConfidence?.bufferDays).toBe(-2);
    // F(−2): below the first delay, 0
    expect(group.promiseConfidence?.probability).toBe(0);
    const wholesale = onlyGroupOf(
      runAsService(
        snapshot,
        request({ confidence: 0.9 }, { items: [{ skuCode: 'S', origin: 'A', quantity: 10 }] }),
        {},
        E10_CLOCK,
        early,
      ),
    );
    expect(wholesale.wholesaleAdditionalDays).toBe(1);
    expect(wholesale.deliveryDates[0][0]).toBe('2026-11-23');
    expect(wholesale.promiseConfidence?.bufferDays).toBe(-3);
    // a lead time of 0 takes nothing off
    const sameDay = onlyGroupOf(
      runAsService(line({ leadTimeDays: 0 }), request({ confidence: 0.9 }), {}, E10_CLOCK, early),
    );
    expect(sameDay.deliveryDates[0][0]).toBe('2026-11-23');
    expect(sameDay.promiseConfidence?.bufferDays).toBe(0);
  });

  it('each group’s probability is its lane’s F pooled up its levels at its buffer, its buffer its nearest estimate’s', () => {
    const snapshot = demoSnapshot();
    const pooled = model({
      lanes: { 'R-SEL01-CD01-T > R-CD01-LIMCENTRO-N': estimate({ deliveries: 30, weight: 30 }) },
      lastLegs: {
        'R-CD01-LIMCENTRO-N': estimate({
          level: 'LAST_LEG',
          deliveries: 120,
          weight: 120,
          ownByDelay: [0.3, 0.7, 0.93, 0.97],
          buffers: buffers(0, 2),
        }),
      },
      network: estimate({ level: 'NETWORK', deliveries: 5000, weight: 5000, ownByDelay: [0.2, 0.6, 0.9] }),
    });
    const request95 = e10Request({
      calculationOptions: { confidence: 0.95 },
      items: [
        { skuCode: 'SKU-1', quantity: 2, weight: 1500, origin: 'CD01' },
        { skuCode: 'SKU-4', quantity: 1, origin: 'SEL01' },
      ],
    });
    const outcome = layoutA(runAsService(snapshot, request95, {}, E10_CLOCK, pooled));
    const groups = outcome.response.logisticsCapacity;
    expect(groups.map((group) => [group.route, group.promiseConfidence?.pooling])).toEqual([
      ['R-CD01-LIMCENTRO-N', 'LAST_LEG'],
      ['R-SEL01-CD01-T>R-CD01-LIMCENTRO-N', 'LANE'],
    ]);
    for (const group of groups) {
      const legs = (group.route as string).split('>');
      const found = laneEstimate(pooled, laneKeyOf(legs, group.destination as string)) as LaneEstimateData;
      const confidence = group.promiseConfidence;
      expect(confidence?.lane).toBe(legs.join(' > '));
      expect(confidence?.deliveries).toBe(found.deliveries);
      expect(confidence?.bufferDays).toBe(found.buffers[45]);
      expect(confidence?.probability).toBe(
        Math.round(
          onTimeAt(pooled, laneKeyOf(legs, group.destination as string), confidence?.bufferDays as number) *
            10_000,
        ) / 10_000,
      );
    }
    // the last leg at +2: (120 × 0.97 + 20 × 0.9)/140 = 0.96 (the network's last value beyond its delays);
    // the lane at +3: (30 × 0.962351 + 20 × 0.96)/50 = 0.9614106
    expect(groups.map((group) => group.promiseConfidence?.probability)).toEqual([0.96, 0.9614]);
    // a zone the model has never seen: the network's estimate
    const elsewhere = onlyGroupOf(
      runAsService(
        snapshot,
        e10Request({ calculationOptions: { confidence: 0.95 }, deliveryData: { zone: 'LIM-SUR' } }),
        {},
        E10_CLOCK,
        model(),
      ),
    );
    expect(elsewhere.promiseConfidence).toEqual({
      probability: 0.9,
      lane: 'R-CD01-TD05-T > R-TD05-LIMSUR-N',
      deliveries: 5000,
      pooling: 'NETWORK',
      bufferDays: 1,
      modelVersion: 17,
    });
  });

  it('the sale channel’s setting applies; the option overrides it; other channels get no buffer', () => {
    const snapshot = line({}, { promiseConfidence: { bySaleChannel: { WEB: 0.95, APP: 0.6 } } });
    const dates = (fields: Partial<CalculateDeliveryCapacityRequest>, options: Fields = {}) =>
      onlyGroupOf(runAsService(snapshot, request(options, fields), {}, E10_CLOCK, model()))
        .deliveryDates[0][0];
    expect(dates({ saleChannel: 'WEB' })).toBe('2026-11-28');
    expect(dates({ saleChannel: 'APP' })).toBe('2026-11-26');
    expect(dates({ saleChannel: 'STORE' })).toBe('2026-11-25');
    expect(dates({ saleChannel: null })).toBe('2026-11-25');
    expect(dates({ saleChannel: 'WEB' }, { confidence: 0.6 })).toBe('2026-11-26');
    expect(dates({ saleChannel: 'STORE' }, { confidence: 0.95 })).toBe('2026-11-28');
    // without a model the setting changes nothing
    const none = onlyGroupOf(runAsService(snapshot, request({}, { saleChannel: 'WEB' })));
    expect(none.deliveryDates[0][0]).toBe('2026-11-25');
  });

  it('without a model the answer has no promiseConfidence and the same dates; with one and no confidence, only the field is added', () => {
    const snapshot = demoSnapshot();
    for (const fields of [{}, { calculationOptions: { confidence: 0.95 } }]) {
      const request95 = e10Request(fields);
      const before = layoutA(runAsService(snapshot, request95));
      expect(before.response.logisticsCapacity.some((group) => 'promiseConfidence' in group)).toBe(false);
      expect(before.groupPlans.some((plan) => 'promise' in plan)).toBe(false);
      expect(JSON.stringify(before.response)).toBe(
        JSON.stringify(layoutA(runAsService(snapshot, e10Request())).response),
      );
    }
    const withModel = layoutA(runAsService(snapshot, e10Request(), {}, E10_CLOCK, model()));
    const withoutModel = layoutA(runAsService(snapshot, e10Request()));
    expect(
      withModel.response.logisticsCapacity.map(({ promiseConfidence: _field, ...group }) => group),
    ).toEqual(withoutModel.response.logisticsCapacity);
    expect(withModel.response.logisticsCapacity[0].promiseConfidence?.pooling).toBe('NETWORK');
    // a model without any delivery estimates nothing
    const empty = layoutA(
      runAsService(snapshot, e10Request(), {}, E10_CLOCK, model({ lanes: {}, network: null })),
    );
    expect(empty.response).toEqual(withoutModel.response);
  });

  it('reads the counters of the buffered dates: the window range grows by the buffer, the range start needs less', () => {
    const snapshot = line();
    const ranges = (options: Fields) =>
      Object.fromEntries(
        planReads(snapshot, request(options), E10_CLOCK, { laneModel: model() }).counters.map((read) => [
          `${read.scope} ${read.ref}`,
          [read.from, read.to],
        ]),
      );
    const plain = ranges({});
    expect(ranges({ confidence: 0.95 })).toEqual({
      ...plain,
      'WINDOW R:W': [plain['WINDOW R:W'][0], shifted([plain['WINDOW R:W'][1]], 3)[0]],
    });
    const later = { rangeStart: '2027-03-01' };
    const plainLater = ranges(later);
    expect(ranges({ ...later, confidence: 0.95 })).toEqual({
      ...plainLater,
      'DISPATCH R': [plainLater['DISPATCH R'][0], shifted([plainLater['DISPATCH R'][1]], -3)[0]],
    });
    // a far range is listed the same with its buffer
    const far = onlyGroupOf(
      runAsService(snapshot, request({ ...later, confidence: 0.95 }), {}, E10_CLOCK, model()),
    );
    expect(far.deliveryDates[0]).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
    ]);
    expect(far.deliveryTrace[0].details[0].departureDate).toBe('2027-02-24');
  });

  it('layout B: each line’s sale channel setting decides its buffer, lines of other channels are answered apart', () => {
    const snapshot = line({}, { promiseConfidence: { bySaleChannel: { WEB: 0.95 } } });
    const item = (line: string, saleChannel: string) => ({
      origin: 'A',
      entityType: 'CD',
      skuCode: 'S',
      zone: 'Z',
      dispatchType: 'NORMAL' as const,
      destination: '150101',
      quantity: 1,
      latitude: 0,
      longitude: 0,
      deliveryMode: 'HOME_DELIVERY' as const,
      line,
      saleChannel,
    });
    const lines = layoutB(
      runAsService(
        snapshot,
        { purchaseDate: '2026-11-23', items: [item('1', 'WEB'), item('2', 'STORE')] },
        {},
        E10_CLOCK,
        model(),
      ),
    ).response;
    expect(
      lines.map((answer) => [answer.line, answer.deliveryDates[0], answer.promiseConfidence?.bufferDays]),
    ).toEqual([
      ['1', '2026-11-28', 3],
      ['2', '2026-11-25', 0],
    ]);
  });

  it('the explanation names the lane, the confidence, the buffer, the probability and the model version', () => {
    const snapshot = line();
    const data = { counters: [], stock: [], productWeights: [] };
    const { explanation } = explain(snapshot, request({ confidence: 0.95 }), data, E10_CLOCK, 4, model());
    expect(explanation?.groups[0].promiseConfidence).toEqual({
      confidence: 0.95,
      probability: 0.9624,
      lane: 'R',
      deliveries: 412,
      pooling: 'LANE',
      bufferDays: 3,
      modelVersion: 17,
    });
    expect(explanation?.groups[0].paths[0].deliveryDates[0]).toBe('2026-11-28');
    const plain = explain(snapshot, request(), data, E10_CLOCK, 4);
    expect(plain.explanation !== null && 'promiseConfidence' in plain.explanation.groups[0]).toBe(false);
  });

  it('an empty path (the origin is the pickup point) has no lane', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('A', { type: 'TD', pickupPointId: 'PP-A' }), node('B')],
        routes: [withdrawal('W', 'B', 'A')],
      }),
    );
    const group = onlyGroupOf(
      runAsService(
        snapshot,
        requestA({
          dispatchMode: 'STORE_WITHDRAWAL',
          deliveryData: { destination: 'A' },
          items: [{ skuCode: 'S', origin: 'A', quantity: 1 }],
          calculationOptions: { confidence: 0.95 },
        }),
        {},
        E10_CLOCK,
        model(),
      ),
    );
    expect(group.route).toBe('');
    expect(group.deliveryDates[0][0]).toBe('2026-11-23');
    expect('promiseConfidence' in group).toBe(false);
  });
});

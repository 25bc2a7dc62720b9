import {
  NO_DATA,
  parseConfiguration,
  type CalculateDeliveryCapacityRequest,
  type LaneEstimateData,
  type LaneModelData,
  type ReadPlan,
  type RecordedPromise,
} from '@delivery/capacity-domain';
import { LaneModelHolder } from '../learning';
import { e10Request } from '../testing/capacity-fixtures';
import { demoConfiguration, demoSnapshot, E10_NOW, calculatorOn, LIMA } from '../testing/unit-fixtures';
import { PromiseBacktest } from './promise-backtest';
import type { RecordedPromises } from './recorded-promises.port';

/** The recorded promises in memory, handed out in batches of `batchSize` like the cursor does. */
class FakeRecordedPromises implements RecordedPromises {
  readonly asked: [string, string, string][] = [];
  constructor(
    private readonly promises: RecordedPromise[],
    private readonly batchSize: number,
  ) {}
  async eachRecorded(
    from: Date,
    until: Date,
    firstDay: string,
    visit: (batch: RecordedPromise[]) => Promise<void>,
  ): Promise<void> {
    this.asked.push([from.toISOString(), until.toISOString(), firstDay]);
    for (let start = 0; start < this.promises.length; start += this.batchSize)
      await visit(this.promises.slice(start, start + this.batchSize));
  }
}

/** An order of E10 (CD01 → LIM-CENTRO, placed Sunday 11-22 12:00 Lima: the demo world promises Thursday 11-26). */
const promise = (
  identifier: string,
  fields: Partial<RecordedPromise> = {},
  request: unknown = e10Request(),
): RecordedPromise => ({
  identifier,
  selection: 0,
  origin: 'CD01',
  dispatchMode: 'HOME_DELIVERY',
  destination: 'LIM-CENTRO',
  lane: 'R-CD01-LIMCENTRO-N',
  promisedDate: '2026-11-26',
  state: 'DELIVERED',
  deliveredDate: '2026-11-26',
  reservedAt: E10_NOW,
  request: request as CalculateDeliveryCapacityRequest,
  ...fields,
});

describe('PromiseBacktest', () => {
  const reads: ReadPlan[] = [];
  const backtestOf = (recorded: FakeRecordedPromises) => {
    const calculator = calculatorOn(async (plan: ReadPlan) => (reads.push(plan), NO_DATA));
    return new PromiseBacktest(recorded, calculator);
  };
  beforeEach(() => reads.splice(0));

  it('replays each order at the instant it was placed, counters empty and no stock read, per lane', async () => {
    const recorded = new FakeRecordedPromises(
      [
        promise('A'),
        // placed Monday 11-23 at 12:00: picked that day, departing Wednesday, promised Thursday; delivered a day late
        promise(
          'B',
          { reservedAt: new Date('2026-11-23T17:00:00Z'), deliveredDate: '2026-11-27' },
          e10Request({ purchaseDate: '2026-11-23' }),
        ),
        // placed Wednesday 11-25 at 20:00: picked that day, departing Friday, Saturday 11-28 with this document
        // (11-27 as recorded, by an earlier one); delivered on the 27th
        promise(
          'C',
          {
            reservedAt: new Date('2026-11-26T01:00:00Z'),
            promisedDate: '2026-11-27',
            deliveredDate: '2026-11-27',
          },
          e10Request({ purchaseDate: '2026-11-25' }),
        ),
        promise('D', { state: 'OPEN', deliveredDate: null }, null),
      ],
      3,
    );
    const result = await backtestOf(recorded).run(
      demoSnapshot(),
      { from: '2026-11-22', to: '2026-11-25' },
      10,
    );
    expect(recorded.asked).toEqual([['2026-11-22T05:00:00.000Z', '2026-11-26T05:00:00.000Z', '2026-11-22']]);
    expect(reads).toHaveLength(3);
    for (const plan of reads) expect(plan).toEqual({ counters: [], stock: [], productWeights: [] });
    expect(result).toMatchObject({
      from: '2026-11-22',
      to: '2026-11-25',
      timezone: 'America/Lima',
      totalLanes: 1,
    });
    expect(result.total).toEqual({
      promises: 4,
      notReplayed: 1,
      delivered: 3,
      open: 0,
      cancelled: 0,
      moved: { earlier: 0, later: 1, unchanged: 2, lost: 0 },
      movedByDays: [{ days: 1, count: 1 }],
      // A 4 days, B 3, C 2 as recorded and 3 with the document
      meanDaysToPromise: { asPromised: 9 / 3, asCandidate: 10 / 3 },
      // A on the day in both; B late in both; C on the day as promised, early with the document
      asPromised: { judged: 3, onTime: 2, exactDay: 2, onTimeRate: 2 / 3, exactDayRate: 2 / 3 },
      asCandidate: { judged: 3, onTime: 2, exactDay: 1, onTimeRate: 2 / 3, exactDayRate: 1 / 3 },
    });
  });

  it("calculates a reservation's request once, for its selections in the next batch too", async () => {
    const second = (identifier: string) =>
      promise(identifier, { selection: 1, origin: 'CD01', destination: 'LIM-SUR', lane: 'R-X' }, null);
    const recorded = new FakeRecordedPromises([promise('A'), promise('B'), second('B'), second('Z')], 2);
    const result = await backtestOf(recorded).run(
      demoSnapshot(),
      { from: '2026-11-22', to: '2026-11-22' },
      10,
    );
    expect(reads).toHaveLength(2);
    const [lane, other] = result.lanes;
    expect(lane).toMatchObject({ lane: 'R-CD01-LIMCENTRO-N', promises: 2, notReplayed: 0 });
    // B's second selection (LIM-SUR, which its request does not ask for) is replayed and has no date; Z's has no request
    expect(other).toMatchObject({ lane: 'R-X', promises: 2, notReplayed: 1 });
    expect(other.moved).toEqual({ earlier: 0, later: 0, unchanged: 0, lost: 1 });
  });

  it('replays each order with the model of its instant, each stored version read once', async () => {
    // the demo world asking WEB orders at 0.95; models built Sunday 11-22 at 10:00, 11:00, 12:00 and 13:00 Lima,
    // adding 1, 2, 3 days, then none; the replica holds the newest
    const document = demoConfiguration();
    document.settings = {
      ...(document.settings as object),
      promiseConfidence: { bySaleChannel: { WEB: 0.95 } },
    };
    const parsed = parseConfiguration(document, LIMA);
    if (!parsed.ok) throw new Error('the document is valid');
    const models = [1, 2, 3, 0].map((buffer, index) =>
      modelOf(index + 1, `2026-11-22T${15 + index}:00:00.000Z`, buffer),
    );
    const store = storeOf(models);
    const holder = new LaneModelHolder(store);
    await holder.look();
    // placed 09:30 (before any model), 10:30 and 10:45, 11:30, 12:30, 13:30 Lima: all promised Thursday 11-26
    const placed = ['14:30', '15:30', '15:45', '16:30', '17:30', '18:30'].map((time, index) =>
      promise(`O${index}`, { reservedAt: new Date(`2026-11-22T${time}:00Z`) }),
    );
    const calculator = calculatorOn(async () => NO_DATA, demoSnapshot(), holder);
    const result = await new PromiseBacktest(new FakeRecordedPromises(placed, 2), calculator).run(
      parsed.snapshot,
      { from: '2026-11-22', to: '2026-11-22' },
      10,
    );
    expect(result.total.moved).toEqual({ earlier: 0, later: 4, unchanged: 2, lost: 0 });
    expect(result.total.movedByDays).toEqual([
      { days: 1, count: 2 },
      { days: 2, count: 1 },
      { days: 3, count: 1 },
    ]);
    // the held one at the look, then each other once, though the holder keeps two at hand
    expect(store.reads).toEqual([4, 1, 2, 3]);
  });
});

/** A model adding `buffer` days at every confidence, whatever the lane (the network's estimate). */
function modelOf(version: number, builtAt: string, buffer: number): LaneModelData {
  const network: LaneEstimateData = {
    level: 'NETWORK',
    deliveries: 100,
    weight: 100,
    firstDelay: 0,
    ownByDelay: [1],
    buffers: Array.from({ length: 50 }, () => buffer),
  };
  return {
    version,
    builtAt,
    today: '2026-11-22',
    settings: {
      halfLifeDays: 14,
      priorDeliveries: 20,
      maxBufferStepDays: 1,
      maxBufferDays: 7,
      minBufferDays: 7,
    },
    lanes: {},
    lastLegs: {},
    zones: {},
    network,
  };
}

/** A store of `models`, listing them and counting the models read. */
function storeOf(models: LaneModelData[]) {
  const reads: number[] = [];
  const store: ConstructorParameters<typeof LaneModelHolder>[0] = {
    versions: async () =>
      models.map((m) => ({ version: m.version, builtAt: new Date(m.builtAt), today: m.today })),
    model: async (version) => (reads.push(version), models.find((m) => m.version === version) ?? null),
    refresh: () => Promise.reject(new Error('not used')),
  };
  return Object.assign(store, { reads });
}

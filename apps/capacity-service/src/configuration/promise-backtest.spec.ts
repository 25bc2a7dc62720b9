import {
  NO_DATA,
  type CalculateDeliveryCapacityRequest,
  type ReadPlan,
  type RecordedPromise,
} from '@delivery/capacity-domain';
import { e10Request } from '../testing/capacity-fixtures';
import { demoSnapshot, E10_NOW, calculatorOn } from '../testing/unit-fixtures';
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
});

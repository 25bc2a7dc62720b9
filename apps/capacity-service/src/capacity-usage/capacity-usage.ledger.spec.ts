import type { UsageMark, UsageRead, UsageReadRequest, UsedUnits } from '@delivery/capacity-domain';
import { demoSnapshot } from '../testing/unit-fixtures';
import { CapacityUsageLedger } from './capacity-usage.ledger';
import type { CapacityUsageReader } from './capacity-usage.port';

type Answer = Partial<Omit<UsageRead, 'mark'>> & { mark: string };

/**
 * A reader that answers what each test scripts, one answer per read (an Error: the read fails), and keeps what it
 * was asked; its marks are plain names.
 */
class FakeUsageReader implements CapacityUsageReader {
  readonly asked: UsageReadRequest[] = [];
  private readonly answers: (UsageRead | Error)[] = [];

  answer(read: Answer | Error): this {
    this.answers.push(
      read instanceof Error
        ? read
        : { used: [], reservations: [], changesKnown: true, ...read, mark: read.mark as UsageMark },
    );
    return this;
  }

  read(request: UsageReadRequest): Promise<UsageRead> {
    this.asked.push(request);
    const answer = this.answers.shift();
    if (!answer) throw new Error('an unexpected read');
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  }
}

/** The units of a day, all counters together, and how many counters have some. */
const day = (units: UsedUnits, dayNumber: number) => {
  const { positions, units: values } = units.on(dayNumber);
  return { counters: positions.length, units: values.reduce((sum, value) => sum + value, 0) };
};

const D = 20_000; // a day number (days since 1970-01-01)
const picking = (dayNumber: number, used: number) => ({
  scope: 'PICKING' as const,
  ref: 'CD01',
  day: dayNumber,
  used,
});
const dispatch = (dayNumber: number, used: number) => ({
  scope: 'DISPATCH' as const,
  ref: 'R-CD01-LIMCENTRO-N',
  day: dayNumber,
  used,
});

describe('CapacityUsageLedger', () => {
  const snapshot = demoSnapshot();
  let reader: FakeUsageReader;
  let ledger: CapacityUsageLedger;

  beforeEach(() => {
    reader = new FakeUsageReader();
    ledger = new CapacityUsageLedger(reader);
  });

  it('loads the days asked whole on a first read, with the units of the HELD reservations', async () => {
    reader.answer({
      mark: 'm1',
      used: [
        picking(D, 5),
        dispatch(D, 3),
        picking(D + 1, 2),
        { scope: 'PICKING', ref: 'NO-SUCH-NODE', day: D, used: 9 },
      ],
      reservations: [{ identifier: 'r1', held: true, taken: [picking(D, 2)] }],
    });
    const { used, held } = await ledger.read(snapshot, D, D + 1);
    expect(reader.asked).toEqual([{ load: [D, D + 1], since: null }]);
    expect([day(used, D), day(used, D + 1)]).toEqual([
      { counters: 2, units: 8 },
      { counters: 1, units: 2 },
    ]);
    expect(day(held, D)).toEqual({ counters: 1, units: 2 });
  });

  it('then reads only what changed since its mark: new units replace old, holds that end are taken off', async () => {
    reader
      .answer({
        mark: 'm1',
        used: [picking(D, 5)],
        reservations: [{ identifier: 'r1', held: true, taken: [picking(D, 2)] }],
      })
      .answer({
        mark: 'm2',
        used: [picking(D, 7)],
        reservations: [
          { identifier: 'r1', held: false, taken: [picking(D, 2)] },
          { identifier: 'r2', held: true, taken: [dispatch(D, 4)] },
        ],
      })
      .answer({ mark: 'm3', reservations: [{ identifier: 'r2', held: true, taken: [dispatch(D, 4)] }] });
    await ledger.read(snapshot, D, D);
    const second = await ledger.read(snapshot, D, D);
    expect(reader.asked[1]).toEqual({ load: [], since: { mark: 'm1', from: D, to: D } });
    expect(day(second.used, D)).toEqual({ counters: 1, units: 7 });
    expect(day(second.held, D)).toEqual({ counters: 1, units: 4 });
    // r2 still holding: its units are not added a second time
    const third = await ledger.read(snapshot, D, D);
    expect(reader.asked[2]).toEqual({ load: [], since: { mark: 'm2', from: D, to: D } });
    expect(day(third.held, D)).toEqual({ counters: 1, units: 4 });
  });

  it('loads only the days it does not hold when the range widens', async () => {
    reader.answer({ mark: 'm1', used: [picking(D, 1)] }).answer({ mark: 'm2', used: [picking(D + 2, 6)] });
    await ledger.read(snapshot, D, D);
    const { used } = await ledger.read(snapshot, D, D + 2);
    expect(reader.asked[1]).toEqual({ load: [D + 1, D + 2], since: { mark: 'm1', from: D, to: D } });
    expect([day(used, D).units, day(used, D + 1).units, day(used, D + 2).units]).toEqual([1, 0, 6]);
  });

  it('starts again when the changes since its mark cannot be told, and for another snapshot', async () => {
    reader
      .answer({ mark: 'm1', used: [picking(D, 5)] })
      .answer({ mark: 'm2', used: [picking(D, 9)], changesKnown: false })
      .answer({ mark: 'm3', used: [picking(D, 1)] })
      .answer({ mark: 'm4', used: [picking(D, 2)] });
    await ledger.read(snapshot, D, D);
    const afterRemoval = await ledger.read(snapshot, D, D);
    expect(reader.asked.slice(1, 3)).toEqual([
      { load: [], since: { mark: 'm1', from: D, to: D } },
      { load: [D], since: null },
    ]);
    expect(day(afterRemoval.used, D)).toEqual({ counters: 1, units: 1 });
    const another = demoSnapshot();
    const reloaded = await ledger.read(another, D, D);
    expect(reader.asked[3]).toEqual({ load: [D], since: null });
    expect(reloaded.used.snapshot).toBe(another);
    expect(day(reloaded.used, D).units).toBe(2);
  });

  it('answers reads one after another, each from the copy the one before left', async () => {
    reader.answer({ mark: 'm1', used: [picking(D, 5)] }).answer({ mark: 'm2', used: [picking(D, 6)] });
    const [first, second] = await Promise.all([ledger.read(snapshot, D, D), ledger.read(snapshot, D, D)]);
    expect(reader.asked.map((request) => request.since?.mark ?? null)).toEqual([null, 'm1']);
    expect([day(first.used, D).units, day(second.used, D).units]).toEqual([5, 6]);
  });

  it('keeps its copy when a read fails: the next read asks for the changes since the same mark', async () => {
    reader
      .answer({ mark: 'm1', used: [picking(D, 5)] })
      .answer(new Error('connection lost'))
      .answer({ mark: 'm2', used: [picking(D, 6)] });
    await ledger.read(snapshot, D, D);
    await expect(ledger.read(snapshot, D, D)).rejects.toThrow('connection lost');
    const { used } = await ledger.read(snapshot, D, D);
    expect(reader.asked.map((request) => request.since?.mark ?? null)).toEqual([null, 'm1', 'm1']);
    expect(day(used, D).units).toBe(6);
  });

  it('starts again from the days asked when they and the days it holds would span more than 124 days', async () => {
    reader
      .answer({ mark: 'm1', used: [picking(D, 5)] })
      .answer({ mark: 'm2', used: [picking(D + 100, 1)] })
      .answer({ mark: 'm3', used: [picking(D + 124, 2)] });
    await ledger.read(snapshot, D, D);
    await ledger.read(snapshot, D + 100, D + 100);
    expect(reader.asked[1].since).toEqual({ mark: 'm1', from: D, to: D });
    expect(reader.asked[1].load).toHaveLength(100); // D + 1 … D + 100: the copy spans 101 days
    const far = await ledger.read(snapshot, D + 124, D + 124);
    expect(reader.asked[2]).toEqual({ load: [D + 124], since: null });
    expect([day(far.used, D).units, day(far.used, D + 124).units]).toEqual([0, 2]);
  });

  it('takes a reservation that starts holding, stops, then holds again as many times into `held`', async () => {
    const r1 = (held: boolean) => ({ identifier: 'r1', held, taken: [dispatch(D, 3)] });
    reader
      .answer({ mark: 'm1' })
      .answer({ mark: 'm2', reservations: [r1(true)] })
      .answer({ mark: 'm3', reservations: [r1(false)] })
      .answer({ mark: 'm4', reservations: [r1(true)] });
    const held = [];
    for (let i = 0; i < 4; i++) held.push(day((await ledger.read(snapshot, D, D)).held, D).units);
    expect(held).toEqual([0, 3, 0, 3]);
  });
});

import { accuracyRates, addCounts, byWorstOnTime, type AccuracyCounts } from './promise-accuracy';

const counts = (overrides: Partial<AccuracyCounts>): AccuracyCounts => ({
  promised: 0,
  delivered: 0,
  onTime: 0,
  exactDay: 0,
  early: 0,
  late: 0,
  outsideWindow: 0,
  lateByDays: [],
  lateBySlippedStep: { PICKING: 0, DEPARTURE: 0, TRANSIT: 0, DELIVERY_ATTEMPT: 0, WINDOW: 0, UNKNOWN: 0 },
  failedAttempts: 0,
  cancelled: 0,
  openPastDate: 0,
  openInTime: 0,
  ...overrides,
});

describe('accuracyRates', () => {
  it('on time over delivered plus open past their date: 18 of 20 delivered, 4 still out → 18 / 24 = 0.75', () => {
    expect(accuracyRates(counts({ delivered: 20, onTime: 18, exactDay: 12, openPastDate: 4 }))).toEqual({
      onTimeRate: 0.75,
      exactDayRate: 0.5,
    });
  });

  it('nothing delivered and nothing overdue: no rate', () => {
    expect(accuracyRates(counts({ promised: 5, openInTime: 5 }))).toEqual({
      onTimeRate: null,
      exactDayRate: null,
    });
  });
});

describe('byWorstOnTime', () => {
  it('sorts the worst on-time rate first, ties by key, groups without a rate last', () => {
    const groups = [
      { key: 'R2', counts: counts({ delivered: 10, onTime: 9 }) },
      { key: 'R9', counts: counts({ promised: 3, openInTime: 3 }) },
      { key: 'R1', counts: counts({ delivered: 4, onTime: 2 }) },
      { key: 'R0', counts: counts({ delivered: 10, onTime: 9 }) },
    ];
    expect(byWorstOnTime(groups).map((g) => [g.key, g.onTimeRate])).toEqual([
      ['R1', 0.5],
      ['R0', 0.9],
      ['R2', 0.9],
      ['R9', null],
    ]);
  });
});

describe('addCounts', () => {
  it('sums every count and merges the lateness distributions by days', () => {
    const a = counts({
      promised: 5,
      delivered: 4,
      onTime: 3,
      late: 1,
      lateByDays: [{ days: 2, count: 1 }],
      lateBySlippedStep: { PICKING: 0, DEPARTURE: 1, TRANSIT: 0, DELIVERY_ATTEMPT: 0, WINDOW: 0, UNKNOWN: 0 },
      openPastDate: 1,
    });
    const b = counts({
      promised: 3,
      delivered: 3,
      onTime: 1,
      exactDay: 1,
      late: 2,
      outsideWindow: 1,
      lateByDays: [
        { days: 1, count: 1 },
        { days: 2, count: 1 },
      ],
      lateBySlippedStep: { PICKING: 0, DEPARTURE: 0, TRANSIT: 2, DELIVERY_ATTEMPT: 0, WINDOW: 1, UNKNOWN: 0 },
      failedAttempts: 2,
    });
    expect(addCounts([a, b])).toEqual(
      counts({
        promised: 8,
        delivered: 7,
        onTime: 4,
        exactDay: 1,
        late: 3,
        outsideWindow: 1,
        lateByDays: [
          { days: 1, count: 1 },
          { days: 2, count: 2 },
        ],
        lateBySlippedStep: {
          PICKING: 0,
          DEPARTURE: 1,
          TRANSIT: 2,
          DELIVERY_ATTEMPT: 0,
          WINDOW: 1,
          UNKNOWN: 0,
        },
        failedAttempts: 2,
        openPastDate: 1,
      }),
    );
  });
});

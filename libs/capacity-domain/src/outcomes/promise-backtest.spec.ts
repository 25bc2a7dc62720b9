import type { CalculateDeliveryCapacityRequest } from '../request/capacity-request.types';
import { BacktestTallies, daysAsInstants, replayRequest, type ReplayedPromise } from './promise-backtest';

const promise = (overrides: Partial<ReplayedPromise>): ReplayedPromise => ({
  lane: 'R-A',
  origin: 'CD01',
  purchaseDate: '2026-11-15',
  promisedDate: '2026-11-18',
  state: 'DELIVERED',
  deliveredDate: '2026-11-18',
  replayed: true,
  candidateDate: '2026-11-19',
  ...overrides,
});

describe('BacktestTallies', () => {
  it('judges each delivery against the date as promised and as the candidate would promise it', () => {
    const tallies = new BacktestTallies();
    // one day later with the candidate: the late one by a day becomes on time, the exact one early
    tallies.add(promise({ deliveredDate: '2026-11-18' })); // exact as promised; early as candidate
    tallies.add(promise({ deliveredDate: '2026-11-19' })); // late as promised; exact as candidate
    tallies.add(promise({ deliveredDate: '2026-11-20' })); // late in both
    tallies.add(promise({ deliveredDate: '2026-11-17' })); // early in both
    tallies.add(promise({ state: 'OPEN', deliveredDate: null }));
    tallies.add(promise({ state: 'CANCELLED', deliveredDate: null }));
    const { total, lanes, totalLanes } = tallies.result(10);
    expect(totalLanes).toBe(1);
    expect(lanes[0]).toEqual({ lane: 'R-A', origin: 'CD01', ...total });
    expect(total).toEqual({
      promises: 6,
      notReplayed: 0,
      delivered: 4,
      open: 1,
      cancelled: 1,
      moved: { earlier: 0, later: 6, unchanged: 0, lost: 0 },
      movedByDays: [{ days: 1, count: 6 }],
      meanDaysToPromise: { asPromised: 3, asCandidate: 4 },
      asPromised: { judged: 4, onTime: 2, exactDay: 1, onTimeRate: 0.5, exactDayRate: 0.25 },
      asCandidate: { judged: 4, onTime: 3, exactDay: 1, onTimeRate: 0.75, exactDayRate: 0.25 },
    });
  });

  it('counts a promise the candidate would not make as lost, judged in neither', () => {
    const tallies = new BacktestTallies();
    tallies.add(promise({ candidateDate: null, deliveredDate: '2026-11-18' }));
    tallies.add(promise({ candidateDate: '2026-11-16', deliveredDate: '2026-11-17' }));
    tallies.add(promise({ candidateDate: '2026-11-18', deliveredDate: '2026-11-18' }));
    const { total } = tallies.result(10);
    expect(total.moved).toEqual({ earlier: 1, later: 0, unchanged: 1, lost: 1 });
    expect(total.movedByDays).toEqual([{ days: -2, count: 1 }]);
    expect(total.meanDaysToPromise).toEqual({ asPromised: 3, asCandidate: 2 });
    // both rates speak of the same two deliveries: the lost one's is judged against neither date
    expect(total.asPromised).toEqual({
      judged: 2,
      onTime: 2,
      exactDay: 1,
      onTimeRate: 1,
      exactDayRate: 0.5,
    });
    expect(total.asCandidate).toEqual({
      judged: 2,
      onTime: 1,
      exactDay: 1,
      onTimeRate: 0.5,
      exactDayRate: 0.5,
    });
  });

  it('counts promises without a stored request apart, in nothing else', () => {
    const tallies = new BacktestTallies();
    tallies.add(promise({ replayed: false, candidateDate: null }));
    const { total } = tallies.result(10);
    expect(total).toMatchObject({ promises: 1, notReplayed: 1, delivered: 0 });
    expect(total.moved).toEqual({ earlier: 0, later: 0, unchanged: 0, lost: 0 });
    expect(total.meanDaysToPromise).toEqual({ asPromised: null, asCandidate: null });
    expect(total.asPromised.onTimeRate).toBeNull();
    expect(total.asCandidate.onTimeRate).toBeNull();
  });

  it('lists the lanes worst on-time rate as the candidate would promise first, without deliveries last, cut at limit', () => {
    const tallies = new BacktestTallies();
    tallies.add(promise({ lane: 'R-C', state: 'OPEN', deliveredDate: null }));
    tallies.add(promise({ lane: 'R-B', deliveredDate: '2026-11-19' }));
    tallies.add(promise({ lane: 'R-A', origin: 'CD02', deliveredDate: '2026-11-20' }));
    tallies.add(promise({ lane: 'R-D', deliveredDate: '2026-11-20' }));
    const result = tallies.result(3);
    expect(result.lanes.map((lane) => [lane.lane, lane.asCandidate.onTimeRate])).toEqual([
      ['R-A', 0],
      ['R-D', 0],
      ['R-B', 1],
    ]);
    expect(result.lanes[0].origin).toBe('CD02');
    expect(result.totalLanes).toBe(4);
    expect(result.total.promises).toBe(4);
  });
});

describe('replayRequest', () => {
  it('keeps the order as placed and turns the stock check off', () => {
    const request: CalculateDeliveryCapacityRequest = {
      purchaseDate: '2026-11-15',
      saleChannel: 'WEB',
      dispatchType: 'NORMAL',
      dispatchMode: 'HOME_DELIVERY',
      calculationOptions: { validateStock: true },
      deliveryData: { zone: 'LIM-CENTRO' },
      items: [{ skuCode: 'SKU-1', quantity: 1, origin: 'CD01' }],
    };
    expect(replayRequest(request)).toEqual({ ...request, calculationOptions: { validateStock: false } });
  });
});

describe('daysAsInstants', () => {
  it('names the business days from the start of the first to the start of the day after the last', () => {
    expect(daysAsInstants('America/Lima', '2026-11-15', '2026-11-16').map((d) => d.toISOString())).toEqual([
      '2026-11-15T05:00:00.000Z',
      '2026-11-17T05:00:00.000Z',
    ]);
  });
});

/**
 * A backtest (docs/accuracy.md, "Backtesting a change"): the recorded promises of a period replayed through a
 * candidate configuration at the instants they were made, and what actually happened to them judged against both
 * dates. Per lane (the route as promised, its legs, as `GET /delivery/accuracy?groupBy=route` groups): the promised
 * date as made and as the candidate would have made it, and the on-time and exact-day rates of each.
 *
 * The replay cannot know the counters of the day the promise was made (what other orders had taken then): it
 * calculates with every counter empty, so capacity never limits it but a configured capacity of 0 does (a closed
 * day is configuration). Nor does it check stock: a configuration moves dates, not stock.
 */
import { isoDateTime } from '../calendar/business-time';
import { formatDate, parseDate } from '../calendar/calendar';
import type { CalculateDeliveryCapacityRequest, DispatchMode } from '../request/capacity-request.types';
import { mapInSlices, runAtOnce, sortInSlices, type Steps } from '../shared/slices';
import type { PromiseState } from './promise-outcome';

/** A recorded promise as the replay reads it: the order's group, its date, what happened, and the order's request. */
export interface RecordedPromise {
  identifier: string;
  selection: number;
  origin: string;
  dispatchMode: DispatchMode;
  /** the zone or store it was promised to */
  destination: string;
  lane: string;
  promisedDate: string;
  state: PromiseState;
  deliveredDate: string | null;
  /** when the order was placed: its reservation made */
  reservedAt: Date;
  /** the layout A request the reservation was computed from; null for reservations made before requests were kept */
  request: CalculateDeliveryCapacityRequest | null;
}

/** One recorded promise and the candidate's date for it. */
export interface ReplayedPromise {
  /** the route as promised (its legs), `''` when the plan had none */
  lane: string;
  origin: string;
  /** the business day of the instant the order was placed (its reservation made) */
  purchaseDate: string;
  promisedDate: string;
  state: PromiseState;
  /** the business day it was delivered; null unless DELIVERED */
  deliveredDate: string | null;
  /** false when the reservation kept no request (made before requests were stored): counted, not replayed */
  replayed: boolean;
  /** the first date the candidate offers the same order's group at that instant; null: none */
  candidateDate: string | null;
}

/** On time (delivered on or before the date) and on the exact day, of the delivered promises judged. */
export interface BacktestRates {
  judged: number;
  onTime: number;
  exactDay: number;
  onTimeRate: number | null;
  exactDayRate: number | null;
}

export interface BacktestFigures {
  promises: number;
  /** promises whose reservation kept no request: in `promises` only */
  notReplayed: number;
  delivered: number;
  /** not delivered (yet): counted apart, never on time */
  open: number;
  cancelled: number;
  /** the candidate's first date against the date as promised */
  moved: { earlier: number; later: number; unchanged: number; lost: number };
  /** days the date moved (candidate − promised), counted per number of days; 0 left out */
  movedByDays: { days: number; count: number }[];
  /** mean days from the purchase day to the promised day: as made, and as the candidate would make it */
  meanDaysToPromise: { asPromised: number | null; asCandidate: number | null };
  /** the delivered promises the candidate also promises, against the date as promised (a lost one is judged in neither) */
  asPromised: BacktestRates;
  /** the delivered promises against the candidate's date (those it promises: a lost one is judged in neither) */
  asCandidate: BacktestRates;
}

export interface BacktestLane extends BacktestFigures {
  lane: string;
  origin: string;
}

export interface Backtest {
  total: BacktestFigures;
  /** worst on-time rate as the candidate would promise first (lanes without deliveries last), ties by lane */
  lanes: BacktestLane[];
  totalLanes: number;
}

interface Tally {
  origin: string;
  promises: number;
  notReplayed: number;
  delivered: number;
  open: number;
  cancelled: number;
  earlier: number;
  later: number;
  unchanged: number;
  lost: number;
  moved: Map<number, number>;
  daysAsPromised: number;
  daysAsCandidate: number;
  judgedAsPromised: number;
  onTimeAsPromised: number;
  exactAsPromised: number;
  judgedAsCandidate: number;
  onTimeAsCandidate: number;
  exactAsCandidate: number;
}

const emptyTally = (origin: string): Tally => ({
  origin,
  promises: 0,
  notReplayed: 0,
  delivered: 0,
  open: 0,
  cancelled: 0,
  earlier: 0,
  later: 0,
  unchanged: 0,
  lost: 0,
  moved: new Map(),
  daysAsPromised: 0,
  daysAsCandidate: 0,
  judgedAsPromised: 0,
  onTimeAsPromised: 0,
  exactAsPromised: 0,
  judgedAsCandidate: 0,
  onTimeAsCandidate: 0,
  exactAsCandidate: 0,
});

const day = (date: string): number => parseDate(date) as number;

/**
 * The figures of a backtest added up promise by promise: what it keeps is one tally per lane (bounded by the
 * network, not by the number of promises).
 */
export class BacktestTallies {
  private readonly lanes = new Map<string, Tally>();

  add(promise: ReplayedPromise): void {
    let tally = this.lanes.get(promise.lane);
    if (tally === undefined) {
      tally = emptyTally(promise.origin);
      this.lanes.set(promise.lane, tally);
    }
    tally.promises++;
    if (!promise.replayed) {
      tally.notReplayed++;
      return;
    }
    if (promise.state === 'DELIVERED') tally.delivered++;
    else if (promise.state === 'CANCELLED') tally.cancelled++;
    else tally.open++;
    const promised = day(promise.promisedDate);
    const purchased = day(promise.purchaseDate);
    const candidate = promise.candidateDate === null ? null : day(promise.candidateDate);
    if (candidate === null) tally.lost++;
    else if (candidate < promised) tally.earlier++;
    else if (candidate > promised) tally.later++;
    else tally.unchanged++;
    if (candidate !== null && candidate !== promised)
      tally.moved.set(candidate - promised, (tally.moved.get(candidate - promised) ?? 0) + 1);
    tally.daysAsPromised += promised - purchased;
    if (candidate !== null) tally.daysAsCandidate += candidate - purchased;
    // a lost promise is judged in neither: both rates speak of the same deliveries
    if (promise.deliveredDate === null || candidate === null) return;
    const delivered = day(promise.deliveredDate);
    tally.judgedAsPromised++;
    if (delivered <= promised) tally.onTimeAsPromised++;
    if (delivered === promised) tally.exactAsPromised++;
    tally.judgedAsCandidate++;
    if (delivered <= candidate) tally.onTimeAsCandidate++;
    if (delivered === candidate) tally.exactAsCandidate++;
  }

  /** The total and the lanes, worst on-time rate as the candidate would promise first, the first `limit` of them. */
  result(limit: number): Backtest {
    return runAtOnce(this.resultSteps(limit));
  }

  /**
   * `result` in slices: a national network's ~16k lanes take ~70 ms to add up and sort (~140 ms on first run), too
   * long for one turn of the event loop; a caller paces it with `runInSlices`.
   */
  *resultSteps(limit: number): Steps<Backtest> {
    const total = emptyTally('');
    const lanes = yield* mapInSlices([...this.lanes], ([lane, tally]): BacktestLane => {
      addTally(total, tally);
      return { lane, origin: tally.origin, ...figuresOf(tally) };
    });
    const worst = (lane: BacktestLane) => lane.asCandidate.onTimeRate ?? Number.POSITIVE_INFINITY;
    const sorted = yield* sortInSlices(
      lanes,
      (a, b) => worst(a) - worst(b) || (a.lane < b.lane ? -1 : a.lane > b.lane ? 1 : 0),
    );
    return { total: figuresOf(total), lanes: sorted.slice(0, limit), totalLanes: sorted.length };
  }
}

function addTally(into: Tally, tally: Tally): void {
  for (const key of Object.keys(tally) as (keyof Tally)[]) {
    const value = tally[key];
    if (typeof value === 'number') (into[key] as number) += value;
  }
  for (const [days, count] of tally.moved) into.moved.set(days, (into.moved.get(days) ?? 0) + count);
}

function rates(judged: number, onTime: number, exactDay: number): BacktestRates {
  return {
    judged,
    onTime,
    exactDay,
    onTimeRate: judged === 0 ? null : onTime / judged,
    exactDayRate: judged === 0 ? null : exactDay / judged,
  };
}

function figuresOf(tally: Tally): BacktestFigures {
  const replayed = tally.promises - tally.notReplayed;
  const dated = replayed - tally.lost;
  return {
    promises: tally.promises,
    notReplayed: tally.notReplayed,
    delivered: tally.delivered,
    open: tally.open,
    cancelled: tally.cancelled,
    moved: { earlier: tally.earlier, later: tally.later, unchanged: tally.unchanged, lost: tally.lost },
    movedByDays: [...tally.moved].sort(([a], [b]) => a - b).map(([days, count]) => ({ days, count })),
    meanDaysToPromise: {
      asPromised: replayed === 0 ? null : tally.daysAsPromised / replayed,
      asCandidate: dated === 0 ? null : tally.daysAsCandidate / dated,
    },
    asPromised: rates(tally.judgedAsPromised, tally.onTimeAsPromised, tally.exactAsPromised),
    asCandidate: rates(tally.judgedAsCandidate, tally.onTimeAsCandidate, tally.exactAsCandidate),
  };
}

/** The request as the replay calculates it: the order as placed, without the stock check (stock of that day is not known). */
export function replayRequest(request: CalculateDeliveryCapacityRequest): CalculateDeliveryCapacityRequest {
  return { ...request, calculationOptions: { ...request.calculationOptions, validateStock: false } };
}

/** The business days `from`–`to` (both included) as instants: [start of `from`, start of the day after `to`). */
export function daysAsInstants(timeZone: string, from: string, to: string): [Date, Date] {
  const start = (date: number) => new Date(isoDateTime(timeZone, formatDate(date), date, 0));
  return [start(day(from)), start(day(to) + 1)];
}

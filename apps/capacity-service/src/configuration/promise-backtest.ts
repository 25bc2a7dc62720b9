import { Inject, Injectable } from '@nestjs/common';
import {
  BacktestTallies,
  businessDate,
  daysAsInstants,
  earliestPromise,
  replayRequest,
  runInSlices,
  type Backtest,
  type GroupPlan,
  type RecordedPromise,
  type Snapshot,
} from '@delivery/capacity-domain';
import { CapacityCalculator } from '../delivery-capacity';
import { newPacer } from '../snapshot';
import { RECORDED_PROMISES, type RecordedPromises } from './recorded-promises.port';

/** The purchase days of a backtest, both included, in the configuration's time zone. */
export interface BacktestRange {
  from: string;
  to: string;
}

/** A backtest's answer: its range and time zone, and the figures. */
export interface BacktestResult extends Backtest, BacktestRange {
  timezone: string;
}

/** The candidate's plans for the latest reservation calculated, for its selections in the next batch. */
interface Calculated {
  identifier: string;
  plans: readonly GroupPlan[];
}

/**
 * The preview's backtest (docs/accuracy.md, "Backtesting a change"): the promises of the orders placed in the range
 * read in batches (`RecordedPromises`), each reservation's request evaluated once on the candidate at the instant
 * it was made (`CapacityCalculator.replay`: counters empty, stock not checked, the group plans only, paced), the
 * first date the candidate offers each selection's group taken as its date, and every promise added to the domain's
 * tallies, one per lane: memory is a batch and the lanes, whatever the number of promises. The lanes are added up
 * and sorted in slices (a national network has ~16k), the event loop let turn between them.
 */
@Injectable()
export class PromiseBacktest {
  constructor(
    @Inject(RECORDED_PROMISES) private readonly promises: RecordedPromises,
    private readonly calculator: CapacityCalculator,
  ) {}

  async run(candidate: Snapshot, range: BacktestRange, limit: number): Promise<BacktestResult> {
    const timezone = candidate.settings.timezone;
    const [from, until] = daysAsInstants(timezone, range.from, range.to);
    const tallies = new BacktestTallies();
    let last: Calculated | null = null;
    await this.promises.eachRecorded(from, until, range.from, async (batch) => {
      const computed = batch.filter((promise) => promise.request !== null);
      const calculated = await this.calculator.replay(
        candidate,
        computed.map((promise) => ({
          request: replayRequest(promise.request as NonNullable<RecordedPromise['request']>),
          at: promise.reservedAt,
        })),
        (plans) => plans,
      );
      let next = 0;
      for (const promise of batch) {
        if (promise.request !== null) last = { identifier: promise.identifier, plans: calculated[next++] };
        const plans = last !== null && last.identifier === promise.identifier ? last.plans : null;
        tallies.add({
          lane: promise.lane,
          origin: promise.origin,
          purchaseDate: businessDate(timezone, promise.reservedAt),
          promisedDate: promise.promisedDate,
          state: promise.state,
          deliveredDate: promise.deliveredDate,
          replayed: plans !== null,
          candidateDate: plans === null ? null : (earliestPromise(plans, promise)?.deliveryDate ?? null),
        });
      }
    });
    return { ...range, timezone, ...(await runInSlices(tallies.resultSteps(limit), newPacer())) };
  }
}

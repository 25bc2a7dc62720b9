import { Inject, Injectable } from '@nestjs/common';
import {
  calculate,
  type CalculateDeliveryCapacityRequest,
  CalculationData,
  CapacityOutcome,
  CapacityRequest,
  type Clock,
  explain,
  ExplainedOutcome,
  isLayoutA,
  type LaneModelData,
  planGroups,
  planReads,
  type GroupPlan,
  type ReadPlan,
  Snapshot,
} from '@delivery/capacity-domain';
import { snakeCase } from '@delivery/platform';
import { ActiveConfiguration, CapacityMetrics, CLOCK, newPacer } from '../snapshot';
import { CALCULATION_DATA, READS_PER_STATEMENT, type CalculationDataSource } from './calculation-data.port';
import { LANE_MODELS, type LaneModelSource } from './lane-models.port';

/**
 * The calculation (docs/algorithm.md), the one way every feature runs the engine: a snapshot, the engine's read
 * plan, the planned counters, stock and weights in at most two statements, then the engine. Both phases see one
 * snapshot and one instant, so the plan always covers what the calculation reads. `explain` runs the same engine
 * with its recorders on the same inputs; `compare` runs it on two snapshots (the configuration preview), `replay` on
 * a candidate at the instants orders were placed (the preview's backtest). Every run is given the lane model in
 * force at its instant (`LANE_MODELS`, docs/learning.md): the one this replica holds for a calculation, an
 * explanation or a comparison now; an explanation at an earlier instant and each order of a replay, the model of
 * that instant.
 */
@Injectable()
export class CapacityCalculator {
  constructor(
    private readonly active: ActiveConfiguration,
    @Inject(CALCULATION_DATA) private readonly reader: CalculationDataSource,
    private readonly metrics: CapacityMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LANE_MODELS) private readonly laneModels: LaneModelSource,
  ) {}

  /** One calculation on the active snapshot, now; counted in the calculation metrics. */
  async calculate(request: CapacityRequest): Promise<CapacityOutcome> {
    const started = process.hrtime.bigint();
    const laneModel = this.laneModels.current();
    const { snapshot, data, clock } = await this.inputs(request, laneModel);
    const outcome = calculate(snapshot, request, data, clock, laneModel);
    this.record(request, outcome, started);
    return outcome;
  }

  /**
   * The calculation and its explanation from one engine run: not counted as a calculation, its counter read is.
   * `at`: the instant to use as "now" (to explain an earlier answer), with the lane model of that instant; the
   * current instant and model when absent.
   */
  async explain(request: CapacityRequest, at: Date | null = null): Promise<ExplainedOutcome> {
    const laneModel = at === null ? this.laneModels.current() : await this.laneModels.at(at);
    const { snapshot, version, data, clock } = await this.inputs(request, laneModel, at ?? this.clock.now());
    return explain(snapshot, request, data, clock, version, laneModel);
  }

  /**
   * Each request calculated on `before` and on `after` at one instant `now`, both from one read of what either plan
   * names, handed to `keep` as it is done (only what it keeps stays alive). The reads of `READS_PER_STATEMENT`
   * requests go out in one turn, so the adapter asks them together (each counter range, stock row and weight once):
   * a national network's ~1,800 zones make ~60 statements, not ~1,800. Not counted in the calculation metrics.
   * `now` is the instant of the request asking (a preview, the reservations at risk): both are given the model held,
   * as a calculation at that instant is.
   */
  async compare<T>(
    before: Snapshot,
    after: Snapshot,
    requests: readonly CapacityRequest[],
    now: Date,
    keep: (before: CapacityOutcome, after: CapacityOutcome, index: number) => T,
  ): Promise<T[]> {
    const clock: Clock = { now: () => now };
    const laneModel = this.laneModels.current();
    return this.inTurns(
      requests.length,
      (index) =>
        bothPlans(
          planReads(before, requests[index], clock, { laneModel }),
          planReads(after, requests[index], clock, { laneModel }),
        ),
      (index, data) =>
        keep(
          calculate(before, requests[index], data, clock, laneModel),
          calculate(after, requests[index], data, clock, laneModel),
          index,
        ),
    );
  }

  /**
   * Each request evaluated on `snapshot` at its own instant `at` (a replay of orders placed then), with every counter
   * empty: the counters of that day are not known (what other orders had taken then), so capacity never limits a
   * replay, but a capacity of 0 in the configuration does. Only what the engine needs besides counters is read (the
   * product weights the cost needs; stock when the request asks for the check or names no origin). Each order's
   * group plans (the dates each group offers, `planGroups`: the engine's evaluation without building the answer)
   * are handed to `keep` as they are done, each group's dates up to the first one it offers (what a replay takes),
   * paced like `compare`; not counted in the calculation metrics.
   *
   * Each run is given the lane model in force at its instant (`LANE_MODELS.at`: none before the first was built).
   * Runs in the order of their instants share a model for long stretches: each stretch is calculated with its model,
   * so what is held is that one model (and the few the source keeps), and each version is read once.
   */
  async replay<T>(
    snapshot: Snapshot,
    runs: readonly { request: CalculateDeliveryCapacityRequest; at: Date }[],
    keep: (plans: readonly GroupPlan[], index: number) => T,
  ): Promise<T[]> {
    const clocks = runs.map(({ at }): Clock => ({ now: () => at }));
    const kept: T[] = [];
    let start = 0;
    while (start < runs.length) {
      const laneModel = await this.laneModels.at(runs[start].at);
      let end = start + 1;
      while (end < runs.length && (await this.laneModels.at(runs[end].at)) === laneModel) end++;
      const first = start;
      const stretch = await this.inTurns(
        end - first,
        (index) =>
          planReads(snapshot, runs[first + index].request, clocks[first + index], {
            counters: false,
            laneModel,
          }),
        (index, data) =>
          keep(
            planGroups(snapshot, runs[first + index].request, data, clocks[first + index], {
              throughFirstOffer: true,
              laneModel,
            }),
            first + index,
          ),
      );
      for (const each of stretch) kept.push(each);
      start = end;
    }
    return kept;
  }

  /**
   * The one loop of `compare` and `replay`, in turns of `READS_PER_STATEMENT` calculations: a turn's plans are made
   * (the event loop let turn between them whenever the pacer says so) and their reads asked together; while they
   * are read, the turn before is calculated and kept, paced the same way. One turn's reads are always in flight
   * while the CPU works on the other, so the database's time and the service's overlap.
   */
  private async inTurns<T>(
    count: number,
    plan: (index: number) => ReadPlan,
    calculateAt: (index: number, data: CalculationData) => T,
  ): Promise<T[]> {
    const pacer = newPacer();
    const readTurn = async (start: number): Promise<CalculationData[]> => {
      const plans: ReadPlan[] = [];
      for (let index = start; index < Math.min(count, start + READS_PER_STATEMENT); index++) {
        plans.push(plan(index));
        if (pacer.due()) await pacer.pause();
      }
      return Promise.all(plans.map((each) => this.reader.read(each)));
    };
    const kept: T[] = [];
    let reading = count > 0 ? readTurn(0) : null;
    for (let start = 0; reading !== null; start += READS_PER_STATEMENT) {
      const data = await reading;
      reading = start + READS_PER_STATEMENT < count ? readTurn(start + READS_PER_STATEMENT) : null;
      // awaited at the next turn; a failure meanwhile must not go unhandled if this turn throws first
      reading?.catch(() => undefined);
      for (let index = start; index < start + data.length; index++) {
        kept.push(calculateAt(index, data[index - start]));
        if (pacer.due()) await pacer.pause();
      }
    }
    return kept;
  }

  private async inputs(
    request: CapacityRequest,
    laneModel: LaneModelData | null,
    now: Date = this.clock.now(),
  ): Promise<{ snapshot: Snapshot; version: number; data: CalculationData; clock: Clock }> {
    const { snapshot, version } = this.active.get();
    const clock: Clock = { now: () => now };
    const plan = planReads(snapshot, request, clock, { laneModel });
    const readStarted = process.hrtime.bigint();
    const data = await this.reader.read(plan);
    this.metrics.counterReadDuration.observe(seconds(readStarted));
    return { snapshot, version, data, clock };
  }

  private record(request: CapacityRequest, outcome: CapacityOutcome, started: bigint): void {
    const layout = isLayoutA(request) ? 'A' : 'B';
    this.metrics.calculationDuration.observe({ layout, outcome: snakeCase(outcome.kind) }, seconds(started));
    if (outcome.kind === 'invalid') return;
    let dates = 0;
    if (outcome.layout === 'A') {
      for (const group of outcome.response.logisticsCapacity)
        for (const list of group.deliveryDates) dates += list.length;
      this.metrics.groupsComputed.inc({ layout }, outcome.response.logisticsCapacity.length);
    } else {
      for (const line of outcome.response) dates += line.deliveryDates.length;
      this.metrics.groupsComputed.inc({ layout }, outcome.response.length);
    }
    this.metrics.datesComputed.inc({ layout }, dates);
  }
}

const seconds = (since: bigint): number => Number(process.hrtime.bigint() - since) / 1e9;

/** One read for both calculations: every counter range, stock row and weight either plan names. */
function bothPlans(a: ReadPlan, b: ReadPlan): ReadPlan {
  const unique = <T>(list: T[]) => [...new Map(list.map((entry) => [JSON.stringify(entry), entry])).values()];
  return {
    counters: unique([...a.counters, ...b.counters]),
    stock: unique([...a.stock, ...b.stock]),
    productWeights: unique([...a.productWeights, ...b.productWeights]),
  };
}

import {
  bufferAt,
  buildLaneModel,
  formatDate,
  type LaneModelData,
  type LaneObservation,
  laneEstimate,
  type LearningSettings,
  onTimeProbability,
} from '@delivery/capacity-domain';
import type { LearningLane } from './learning-world';
import type { PlacedPromise, Promiser, SimulatedOrder } from './learning-simulation';

/** The engine's plan of the simulator's world: picked the day it is placed, dispatched the next, a day of transit. */
export const PLANNED_AFTER_DAYS = 2;
export const LEAD_TIME_DAYS = 1;

/**
 * The promises of the lane model in-process (the domain's functions, no service): what the service does, without
 * HTTP or a database, to tune the learning settings quickly.
 */
export class DomainPromiser implements Promiser {
  private model: LaneModelData | null = null;
  private readonly placed: { lane: LearningLane; promise: PlacedPromise }[] = [];
  private readonly delivered = new Map<string, number>();
  private sequence = 0;

  constructor(
    private readonly settings: LearningSettings,
    private readonly confidence: number,
  ) {}

  async morning(today: number, deliveredYesterday: readonly SimulatedOrder[]): Promise<void> {
    for (const order of deliveredYesterday) this.delivered.set(order.identifier, order.deliveredDay);
    const rows = new Map<string, LaneObservation & { count: number }>();
    for (const { lane, promise } of this.placed) {
      const deliveredDay = this.delivered.get(promise.identifier);
      const censored = deliveredDay === undefined;
      // as the service counts them: a delivered promise, or one still open after its planned day
      if (censored && promise.plannedDay >= today) continue;
      const delayDays = censored ? today - promise.plannedDay : deliveredDay - promise.plannedDay;
      const key = `${lane.route}|${promise.plannedDay}|${delayDays}|${censored}`;
      const row = rows.get(key);
      if (row) row.count++;
      else
        rows.set(key, {
          lane: lane.route,
          lastLeg: lane.route,
          zone: lane.zone,
          plannedDay: promise.plannedDay,
          delayDays,
          censored,
          count: 1,
        });
    }
    if (rows.size === 0) return;
    this.model = buildLaneModel(
      rows.values(),
      today,
      this.settings,
      this.model,
      (this.model?.version ?? 0) + 1,
      `${formatDate(today)}T06:00:00-05:00`,
    );
  }

  async place(lane: LearningLane, today: number, count: number): Promise<PlacedPromise[]> {
    const plannedDay = today + PLANNED_AFTER_DAYS;
    const estimate =
      this.model && laneEstimate(this.model, { lane: lane.route, lastLeg: lane.route, zone: lane.zone });
    const bufferDays = estimate ? bufferAt(estimate, this.confidence, LEAD_TIME_DAYS) : 0;
    const probability = estimate ? onTimeProbability(estimate, bufferDays) : null;
    return Array.from({ length: count }, () => {
      const promise = {
        identifier: `L-${++this.sequence}`,
        plannedDay,
        bufferDays,
        probability,
        promisedDay: plannedDay + bufferDays,
      };
      this.placed.push({ lane, promise });
      return promise;
    });
  }
}

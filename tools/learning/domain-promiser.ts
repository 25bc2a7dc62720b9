import {
  buildLaneModel,
  calculate,
  type CalculateDeliveryCapacityRequest,
  formatDate,
  type LaneModelData,
  type LaneObservation,
  type LearningSettings,
  NO_DATA,
  parseConfiguration,
  parseDate,
  type Snapshot,
} from '@delivery/capacity-domain';
import { learningConfiguration, type LearningLane, LEARNING_ORIGIN } from './learning-world';
import type { PlacedPromise, Promiser, SimulatedOrder } from './learning-simulation';

/** The engine's plan of the simulator's world: picked the day it is placed, dispatched the next, a day of transit. */
export const PLANNED_AFTER_DAYS = 2;

/** An instant of `day` at `time` in Lima (UTC−5 all year, the world's business time zone). */
export const lima = (day: number, time: string): string => `${formatDate(day)}T${time}:00-05:00`;

/** When each thing happens in a simulated day (Lima). */
export const MORNING = '06:00';
export const REFRESH = '06:05';
export const NOON = '12:00';

/** The order of one lane placed on `day` (layout A): one unit of SKU-1 from CD01 to the lane's zone, on the web. */
export function orderRequest(lane: LearningLane, day: number): CalculateDeliveryCapacityRequest {
  return {
    purchaseDate: formatDate(day),
    saleChannel: 'WEB',
    dispatchType: 'NORMAL',
    dispatchMode: 'HOME_DELIVERY',
    deliveryData: { zone: lane.zone },
    items: [{ skuCode: 'SKU-1', origin: LEARNING_ORIGIN, quantity: 1, weight: 500 }],
  };
}

/** What the simulation reads of an answer: the first date offered and the group's promise at the confidence. */
export interface OfferedPromise {
  readonly deliveryDate: string;
  readonly bufferDays: number;
  readonly probability: number | null;
}

export function offeredPromise(
  group:
    | {
        deliveryDates: string[][];
        promiseConfidence?: { probability: number; bufferDays: number } | null;
      }
    | undefined,
  lane: LearningLane,
  day: number,
): OfferedPromise {
  const deliveryDate = group?.deliveryDates[0]?.[0];
  if (group === undefined || deliveryDate === undefined)
    throw new Error(`no delivery date for ${lane.route} on ${formatDate(day)}`);
  return {
    deliveryDate,
    bufferDays: group.promiseConfidence?.bufferDays ?? 0,
    probability: group.promiseConfidence?.probability ?? null,
  };
}

/** `count` orders promised `offered` on `day`, named by lane, day and number. */
export function placedPromises(
  lane: LearningLane,
  day: number,
  count: number,
  offered: OfferedPromise,
): PlacedPromise[] {
  const promisedDay = parseDate(offered.deliveryDate) as number;
  return Array.from({ length: count }, (_, n) => ({
    identifier: `${lane.route}-${formatDate(day)}-${n}`,
    plannedDay: promisedDay - offered.bufferDays,
    bufferDays: offered.bufferDays,
    probability: offered.probability,
    promisedDay,
  }));
}

/**
 * The promises of the engine in-process on the world's configuration, with the lane model built by the domain each
 * morning from what the service's store would hold (a delivered promise's delay against its plan; an open one past
 * its planned day, censored): what capacity-service does, without HTTP or a database, to try settings in seconds.
 */
export class DomainPromiser implements Promiser {
  private model: LaneModelData | null = null;
  private readonly snapshot: Snapshot;
  private readonly placed: { lane: LearningLane; promise: PlacedPromise }[] = [];
  private readonly delivered = new Map<string, number>();

  constructor(
    private readonly settings: LearningSettings,
    confidence: number,
  ) {
    const parsed = parseConfiguration(learningConfiguration(confidence), { timezone: 'America/Lima' });
    if (!parsed.ok) throw new Error(`the learning world is invalid: ${JSON.stringify(parsed.errors)}`);
    this.snapshot = parsed.snapshot;
  }

  async morning(today: number, deliveredYesterday: readonly SimulatedOrder[]): Promise<void> {
    for (const order of deliveredYesterday) this.delivered.set(order.identifier, order.deliveredDay);
    const rows = new Map<string, LaneObservation & { count: number }>();
    for (const { lane, promise } of this.placed) {
      const deliveredDay = this.delivered.get(promise.identifier);
      const censored = deliveredDay === undefined;
      // as the service counts them: a promise once its planned day is past, delivered or still open
      if (promise.plannedDay >= today) continue;
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
      new Date(lima(today, REFRESH)).toISOString(),
    );
  }

  async place(lane: LearningLane, today: number, count: number): Promise<PlacedPromise[]> {
    const now = new Date(lima(today, NOON));
    const outcome = calculate(
      this.snapshot,
      orderRequest(lane, today),
      NO_DATA,
      { now: () => now },
      this.model,
    );
    if (outcome.kind !== 'ok' || outcome.layout !== 'A')
      throw new Error(`the engine answered ${outcome.kind} for ${lane.route} on ${formatDate(today)}`);
    const promises = placedPromises(
      lane,
      today,
      count,
      offeredPromise(outcome.response.logisticsCapacity[0], lane, today),
    );
    for (const promise of promises) this.placed.push({ lane, promise });
    return promises;
  }
}

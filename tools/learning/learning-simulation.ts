import { seededRandom } from '@delivery/platform/testing';
import { drawDelay, onTimeAt, trueBuffer } from './delay-distribution';
import { laneTruth, type LearningLane } from './learning-world';

/** What a promise of one order said: the day the plan has it arrive, the buffer added, the day promised. */
export interface PlacedPromise {
  readonly identifier: string;
  readonly plannedDay: number;
  readonly bufferDays: number;
  /** the probability the answer gave it (null: no model yet) */
  readonly probability: number | null;
  readonly promisedDay: number;
}

/** A promise and what the truth made of it. Days are day numbers (days since 1970-01-01). */
export interface SimulatedOrder extends PlacedPromise {
  readonly lane: LearningLane;
  readonly placedDay: number;
  readonly deliveredDay: number;
  /** the truth's P(on time) for this promise: P(delay ≤ its buffer) on its planned day */
  readonly expectedOnTime: number;
  /** the buffer an oracle knowing the lane's truth that day would have added */
  readonly oracleBufferDays: number;
}

/** How the simulation reaches the promises: the domain in-process, or the service over HTTP. */
export interface Promiser {
  /** the morning of `today`: the deliveries of the day before are told, then the lane model is refreshed */
  morning(today: number, deliveredYesterday: readonly SimulatedOrder[]): Promise<void>;
  /** `count` orders of `lane` placed on `today` at noon, and their promises */
  place(lane: LearningLane, today: number, count: number): Promise<PlacedPromise[]>;
}

export interface SimulationOptions {
  readonly lanes: readonly LearningLane[];
  /** the first day orders are placed on, and how many days they are */
  readonly start: number;
  readonly days: number;
  /** mornings after the last orders, so that every promise is delivered and told */
  readonly tailDays: number;
  readonly seed: number;
  readonly confidence: number;
  readonly promiser: Promiser;
  readonly onDay?: (day: number, orders: readonly SimulatedOrder[]) => void;
}

/** Monday = 0 of a day number (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number): number => (day + 3) % 7;

/**
 * Day by day: each morning the deliveries of the day before are told and the model refreshed; at noon each lane's
 * orders are placed and promised; the truth draws when each arrives (seeded, so a run is repeated exactly).
 */
export async function simulate(options: SimulationOptions): Promise<SimulatedOrder[]> {
  const random = seededRandom(options.seed);
  const orders: SimulatedOrder[] = [];
  const arriving = new Map<number, SimulatedOrder[]>();
  const last = options.start + options.days + options.tailDays;
  for (let today = options.start; today < last; today++) {
    await options.promiser.morning(today, arriving.get(today - 1) ?? []);
    arriving.delete(today - 1);
    if (today >= options.start + options.days) continue;
    const placedToday: SimulatedOrder[] = [];
    for (const lane of options.lanes) {
      for (const promise of await options.promiser.place(lane, today, lane.ordersPerDay)) {
        const truth = lane.truth(promise.plannedDay - options.start, weekdayOf(promise.plannedDay));
        const order: SimulatedOrder = {
          ...promise,
          lane,
          placedDay: today,
          deliveredDay: promise.plannedDay + drawDelay(truth, random),
          expectedOnTime: onTimeAt(truth, promise.bufferDays),
          oracleBufferDays: trueBuffer(
            laneTruth(lane, promise.plannedDay - options.start),
            options.confidence,
          ),
        };
        placedToday.push(order);
        const due = arriving.get(order.deliveredDay) ?? [];
        due.push(order);
        arriving.set(order.deliveredDay, due);
      }
    }
    orders.push(...placedToday);
    options.onDay?.(today, placedToday);
  }
  return orders;
}

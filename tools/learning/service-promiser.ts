import { formatDate } from '@delivery/capacity-domain';
import type { DemoEvent } from '../dev/demo-outcomes';
import { sendDemoEvents } from '../dev/demo-outcomes.store';
import {
  lima,
  MORNING,
  NOON,
  offeredPromise,
  type OfferedPromise,
  orderRequest,
  placedPromises,
  REFRESH,
} from './domain-promiser';
import type { CalibrationBucket } from './learning-report';
import type { LearningLane } from './learning-world';
import { LEARNING_ORIGIN } from './learning-world';
import type { PlacedPromise, Promiser, SimulatedOrder } from './learning-simulation';

const CONFIRMED = '12:01';
const DELIVERED = '14:00';

/** Orders held and confirmed at once, per lane and day. */
const IN_FLIGHT = 20;

export interface ServiceAccess {
  /** capacity-service's base URL, e.g. http://127.0.0.1:3000/capacity/v1 */
  readonly base: string;
  /** a bearer token with the scopes the simulation needs */
  readonly token: string;
}

interface CalculationAnswer {
  logisticsCapacity: Parameters<typeof offeredPromise>[0][];
}

/**
 * The promises of capacity-service over HTTP with the simulated clock (`X-Simulated-Now`, docs/operations.md): each
 * morning the deliveries of the day before are sent as outcome events and the lane model is refreshed at that
 * instant; at noon each lane's order is calculated (the buffer and probability its answer carries) and each order
 * is held on its first date and confirmed at once, which records its promise.
 */
export class ServicePromiser implements Promiser {
  constructor(private readonly access: ServiceAccess) {}

  private async call<T>(method: string, route: string, now: string, body?: unknown): Promise<T> {
    const url = `${this.access.base}${route}`;
    const response = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${this.access.token}`,
        'X-Simulated-Now': now,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  async morning(today: number, deliveredYesterday: readonly SimulatedOrder[]): Promise<void> {
    const events: DemoEvent[] = deliveredYesterday.map((order) => ({
      reservationIdentifier: order.identifier,
      selection: 0,
      type: 'DELIVERED',
      occurredAt: lima(order.deliveredDay, DELIVERED),
    }));
    if (events.length > 0)
      await sendDemoEvents(this.access.base, this.access.token, events, {
        'X-Simulated-Now': lima(today, MORNING),
      });
    await this.call('POST', '/delivery/lane-model/refresh', lima(today, REFRESH));
  }

  async place(lane: LearningLane, today: number, count: number): Promise<PlacedPromise[]> {
    const request = orderRequest(lane, today);
    const answer = await this.call<CalculationAnswer>(
      'POST',
      '/delivery/capacity',
      lima(today, NOON),
      request,
    );
    const offered: OfferedPromise = offeredPromise(answer.logisticsCapacity[0], lane, today);
    const promises = placedPromises(lane, today, count, offered);
    for (let start = 0; start < promises.length; start += IN_FLIGHT)
      await Promise.all(
        promises.slice(start, start + IN_FLIGHT).map(async ({ identifier }) => {
          await this.call('POST', '/delivery/capacity/reservations', lima(today, NOON), {
            identifier,
            request,
            selections: [
              {
                origin: LEARNING_ORIGIN,
                dispatchMode: 'HOME_DELIVERY',
                destination: lane.zone,
                deliveryDate: offered.deliveryDate,
              },
            ],
          });
          await this.call(
            'POST',
            `/delivery/capacity/reservations/${identifier}/confirm`,
            lima(today, CONFIRMED),
          );
        }),
      );
    return promises;
  }
}

/** The service's calibration view (`GET {base}/delivery/accuracy/calibration`) of the promises dated `from`–`to`. */
export async function serviceCalibration(
  access: ServiceAccess,
  from: number,
  to: number,
  now: number,
): Promise<CalibrationBucket[]> {
  const url = `${access.base}/delivery/accuracy/calibration?from=${formatDate(from)}&to=${formatDate(to)}`;
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${access.token}`, 'X-Simulated-Now': lima(now, '07:00') },
  });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  const { buckets } = (await response.json()) as { buckets: (CalibrationBucket & { promises: number })[] };
  return buckets
    .filter((bucket) => bucket.judged > 0)
    .map(({ bucket, judged, predicted, observed, calibrationError }) => ({
      bucket,
      judged,
      predicted,
      observed,
      calibrationError,
    }));
}

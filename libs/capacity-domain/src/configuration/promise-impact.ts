/**
 * What a configuration change does to promises (configuration.md "Compare and preview"): a representative set of
 * requests (one per zone a home-delivery route reaches, from that route's source, for `today`), the first promise
 * of an outcome (first delivery date and its route), and the summary of before/after pairs: moved earlier, later,
 * lost, gained, the worst first.
 */
import type { CapacityOutcome } from '../engine/capacity-outcome';
import type { CalculateDeliveryCapacityRequest } from '../request/capacity-request.types';
import type { Snapshot } from './snapshot';

/** A request of the representative set: a layout A request with a readable identifier (`HOME_DELIVERY:Z00001`). */
export interface ImpactRequest {
  identifier: string;
  request: CalculateDeliveryCapacityRequest;
}

export interface FirstPromise {
  date: string;
  route: string | null;
}

export type PromiseEffect = 'UNCHANGED' | 'ROUTE_CHANGED' | 'EARLIER' | 'LATER' | 'LOST' | 'GAINED' | 'NONE';

export interface PromiseChange {
  identifier: string;
  /** the origin the request ships from */
  origin: string;
  before: FirstPromise | null;
  after: FirstPromise | null;
  effect: PromiseEffect;
  /** days the first date moved (after − before); null unless both have one */
  days: number | null;
}

export interface PromiseImpact {
  requests: number;
  summary: Record<'earlier' | 'later' | 'lost' | 'gained' | 'routeChanged' | 'unchanged' | 'none', number>;
  /** lost first, then the latest moves, then gained and earlier; at most `limit` */
  worst: PromiseChange[];
}

/**
 * One request per zone that a home-delivery route of either snapshot reaches, from the source of the first such
 * route (active snapshot first), for `today`, without the stock check (a configuration change moves dates, not
 * stock). Zones in code order.
 */
export function representativeRequests(
  active: Snapshot,
  candidate: Snapshot,
  today: string,
): ImpactRequest[] {
  const origins = new Map<string, { origin: string; dispatchType: string }>();
  for (const snapshot of [active, candidate]) {
    for (const route of snapshot.routes) {
      if (route.targetZone === null || route.mode !== 'HOME_DELIVERY' || origins.has(route.targetCode))
        continue;
      origins.set(route.targetCode, { origin: route.source.code, dispatchType: route.dispatchTypes[0] });
    }
  }
  return [...origins.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([zone, { origin, dispatchType }]) => ({
      identifier: `HOME_DELIVERY:${zone}`,
      request: {
        identifier: `preview-${zone}`,
        purchaseDate: today,
        saleChannel: 'WEB',
        dispatchType: dispatchType as CalculateDeliveryCapacityRequest['dispatchType'],
        dispatchMode: 'HOME_DELIVERY',
        calculationOptions: { validateStock: false },
        deliveryData: { zone },
        items: [{ skuCode: 'PREVIEW', quantity: 1, weight: 1000, origin }],
      },
    }));
}

/** The first delivery date of an outcome and its route (the earliest over its groups); null: no promise. */
export function firstPromise(outcome: CapacityOutcome): FirstPromise | null {
  if (outcome.kind !== 'ok') return null;
  let best: FirstPromise | null = null;
  const consider = (date: string | undefined, route: string | null) => {
    if (date !== undefined && (best === null || date < best.date)) best = { date, route };
  };
  if (outcome.layout === 'A') {
    for (const group of outcome.response.logisticsCapacity)
      consider(group.deliveryDates[0]?.[0], group.route);
  } else {
    for (const line of outcome.response) consider(line.deliveryDates[0], null);
  }
  return best;
}

export function promiseChange(
  { identifier, request }: ImpactRequest,
  before: FirstPromise | null,
  after: FirstPromise | null,
): PromiseChange {
  const origin = request.items[0]?.origin ?? '';
  if (before === null || after === null) {
    const effect = before === null && after === null ? 'NONE' : before === null ? 'GAINED' : 'LOST';
    return { identifier, origin, before, after, effect, days: null };
  }
  const days = Math.round((Date.parse(after.date) - Date.parse(before.date)) / 86_400_000);
  const effect =
    days < 0 ? 'EARLIER' : days > 0 ? 'LATER' : before.route !== after.route ? 'ROUTE_CHANGED' : 'UNCHANGED';
  return { identifier, origin, before, after, effect, days };
}

const RANK: Record<PromiseEffect, number> = {
  LOST: 0,
  LATER: 1,
  ROUTE_CHANGED: 2,
  GAINED: 3,
  EARLIER: 4,
  UNCHANGED: 5,
  NONE: 6,
};

export function summarizeImpact(changes: readonly PromiseChange[], limit: number): PromiseImpact {
  const summary = { earlier: 0, later: 0, lost: 0, gained: 0, routeChanged: 0, unchanged: 0, none: 0 };
  const key = {
    EARLIER: 'earlier',
    LATER: 'later',
    LOST: 'lost',
    GAINED: 'gained',
    ROUTE_CHANGED: 'routeChanged',
    UNCHANGED: 'unchanged',
    NONE: 'none',
  } as const;
  for (const change of changes) summary[key[change.effect]]++;
  const worst = changes
    .filter((change) => RANK[change.effect] < RANK.UNCHANGED)
    .sort(
      (a, b) =>
        RANK[a.effect] - RANK[b.effect] ||
        (b.days ?? 0) - (a.days ?? 0) ||
        (a.identifier < b.identifier ? -1 : a.identifier > b.identifier ? 1 : 0),
    )
    .slice(0, limit);
  return { requests: changes.length, summary, worst };
}

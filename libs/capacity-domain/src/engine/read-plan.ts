/**
 * Phase 1 of two-phase data access: every counter (with an inclusive date range), stock row and product weight
 * a calculation may read. The ranges are upper bounds derived from the searches of E4 (each at most H days):
 *   picking       [start, start+H−1]
 *   leg i < k     [start, readyMaxᵢ₋₁+H−1]              readyMax₀ = start+H−1+processingDays
 *   last step     [start, L]   L = max(F, rangeStart−c−1+H) + (maxDeliveryDates−1)·H,
 *                              and L ≤ max(F, rangeEnd−c+H) with a rangeEnd
 *   windows       [start, L + leadTime + the most days the last leg adds]
 * where F is the latest first last-step date (readyMaxₖ₋₁+H−1, or start+H−1 for an empty path) and c the
 * smallest offset from the last step to the delivery date (lead time + the fewest days the last leg adds, or
 * processing days for an empty path). The last leg adds the wholesale days and its lane's buffer at the request's
 * confidence (`lane-promise.ts`): without wholesale days, then with the most there are.
 */
import type { Clock } from '../calendar/business-time';
import { formatDate } from '../calendar/calendar';
import type { CounterModel, Snapshot } from '../configuration/snapshot';
import type { LaneModelData } from '../learning/lane-model.types';
import type { ReadPlan } from '../request/calculation-data.types';
import {
  CalculateDeliveryCapacityRequest,
  CapacityRequest,
  DeliveryDateRequest,
  isLayoutA,
} from '../request/capacity-request.types';
import { compareCodes } from '../shared/geo-distance';
import { businessRuleProblems } from './business-rules.validator';
import { Destination, isResolved, namedPickup } from './destination.resolver';
import { prepareLayoutA } from './layout-a.request';
import { pickingStart, RequestScope, requestScope } from './request-scope';
import { lastLegDaysRange, requestedConfidence } from './lane-promise';
import { findPaths, RoutePath } from './route-path.finder';

type Ranges = Map<CounterModel, { from: number; to: number }>;

const EMPTY_PLAN: ReadPlan = { counters: [], stock: [], productWeights: [] };

/**
 * What a calculation of `request` at `clock` with lane model `laneModel` may read. `counters: false`: no counter (a
 * replay, which takes every counter as empty), so the paths are not enumerated; stock and product weights as always.
 */
export function planReads(
  snapshot: Snapshot,
  request: CapacityRequest,
  clock: Clock,
  { counters = true, laneModel = null }: { counters?: boolean; laneModel?: LaneModelData | null } = {},
): ReadPlan {
  if (!isLayoutA(request)) {
    const plan = planLayoutB(snapshot, request, clock, laneModel);
    return counters ? plan : { ...plan, counters: [] };
  }
  return planLayoutA(snapshot, request, clock, laneModel, counters);
}

function planLayoutA(
  snapshot: Snapshot,
  request: CalculateDeliveryCapacityRequest,
  clock: Clock,
  laneModel: LaneModelData | null,
  withCounters: boolean,
): ReadPlan {
  const prepared = prepareLayoutA(snapshot, request, clock, laneModel);
  if ('field' in prepared || businessRuleProblems(prepared).length > 0) return EMPTY_PLAN;
  const { scope, dispatchType } = prepared;
  const ranges: Ranges = new Map();
  const origins = new Set(prepared.explicitOrigins.flatMap((code) => snapshot.nodeByCode.get(code) ?? []));
  for (const candidate of prepared.candidates) origins.add(candidate.node);
  const destinations = prepared.modes.flatMap((mode) =>
    (prepared.destinations.get(mode) ?? []).filter(isResolved),
  );
  if (withCounters) {
    for (const origin of origins) {
      for (const destination of destinations) {
        for (const path of findPaths(snapshot, origin, destination.target, dispatchType, scope.isLastRoute))
          addPath(ranges, scope, path, destination.code, prepared.confidence);
      }
    }
  }
  const stock = new Map<string, { sku: string; node: string }>();
  const addStock = (sku: string | null, node: string): void => {
    if (sku !== null && snapshot.nodeByCode.has(node)) stock.set(JSON.stringify([sku, node]), { sku, node });
  };
  for (const item of prepared.items) {
    if (item.origin !== null && prepared.options.validateStock === true) addStock(item.sku, item.origin);
    if (item.origin === null)
      for (const candidate of prepared.candidates) addStock(item.sku, candidate.node.code);
  }
  const weights = new Set<string>();
  if (prepared.options.dispatchCostEnabled === true) {
    for (const item of prepared.items)
      if (item.request.weight == null && item.sku !== null) weights.add(item.sku);
  }
  return {
    counters: counterReads(ranges),
    stock: [...stock.values()].sort((a, b) => compareCodes(a.node, b.node) || compareCodes(a.sku, b.sku)),
    productWeights: [...weights].sort(compareCodes),
  };
}

function planLayoutB(
  snapshot: Snapshot,
  request: DeliveryDateRequest,
  clock: Clock,
  laneModel: LaneModelData | null,
): ReadPlan {
  const scope = requestScope(
    snapshot,
    {
      purchaseDate: request.purchaseDate,
      isLastRoute: request.isLastRoute,
      calendarOnly: request.isPurchaseOrderDeliveryDateRequest === true,
      laneModel,
    },
    clock,
  );
  if (!('snapshot' in scope)) return EMPTY_PLAN;
  const ranges: Ranges = new Map();
  for (const item of request.items) {
    const origin = snapshot.nodeByCode.get(item.origin);
    if (origin === undefined || origin.type !== item.entityType) continue;
    const zone = item.zone == null ? undefined : snapshot.zoneByCode.get(item.zone);
    const destination: Destination | null =
      item.deliveryMode === 'STORE_WITHDRAWAL'
        ? namedPickup(snapshot, item.destination ?? '', null)
        : zone === undefined
          ? null
          : { kind: 'zone', mode: 'HOME_DELIVERY', code: zone.code, target: { zone }, zone };
    if (destination === null || !isResolved(destination)) continue;
    const confidence = requestedConfidence(snapshot.settings, item.saleChannel, null);
    for (const path of findPaths(
      snapshot,
      origin,
      destination.target,
      item.dispatchType ?? 'NORMAL',
      scope.isLastRoute,
    )) {
      addPath(ranges, scope, path, destination.code, confidence);
    }
  }
  return { counters: counterReads(ranges), stock: [], productWeights: [] };
}

/** The counters a path's searches may examine, with the bounds in this file's header. */
function addPath(
  ranges: Ranges,
  scope: RequestScope,
  path: RoutePath,
  destination: string | null,
  confidence: number | null,
): void {
  const { searchHorizonDays: h, maxDeliveryDates, wholesale } = scope.snapshot.settings;
  const extraMax = wholesale.unitsThreshold === null ? 0 : wholesale.additionalDays;
  const [fewest, most] = lastLegDaysRange(scope.laneModel, confidence, path, destination, extraMax);
  const origin = path.origin;
  const start = pickingStart(scope, origin);
  const legs = path.legs;
  const pickEnd = start + h - 1;
  let readyMax = pickEnd + origin.processingDays;
  for (let i = 0; i < legs.length - 1; i++) {
    add(ranges, legs[i].dispatch, start, readyMax + h - 1);
    readyMax = readyMax + h - 1 + legs[i].leadTimeDays;
  }
  const last = legs.length === 0 ? null : legs[legs.length - 1];
  const firstMax = last === null ? pickEnd : readyMax + h - 1;
  const offset = last === null ? origin.processingDays : last.leadTimeDays + fewest;
  let bound =
    Math.max(firstMax, scope.rangeStart === null ? firstMax : scope.rangeStart - offset - 1 + h) +
    (maxDeliveryDates - 1) * h;
  if (scope.rangeEnd !== null) bound = Math.min(bound, Math.max(firstMax, scope.rangeEnd - offset + h));
  add(ranges, origin.picking, start, last === null ? bound : pickEnd);
  if (last === null) return;
  add(ranges, last.dispatch, start, bound);
  for (const window of last.windows) add(ranges, window.counter, start, bound + last.leadTimeDays + most);
}

function add(ranges: Ranges, counter: CounterModel, from: number, to: number): void {
  const range = ranges.get(counter);
  if (range === undefined) ranges.set(counter, { from, to });
  else {
    range.from = Math.min(range.from, from);
    range.to = Math.max(range.to, to);
  }
}

function counterReads(ranges: Ranges): ReadPlan['counters'] {
  return [...ranges]
    .sort(([a], [b]) => compareCodes(a.scope, b.scope) || compareCodes(a.ref, b.ref))
    .map(([counter, range]) => ({
      scope: counter.scope,
      ref: counter.ref,
      from: formatDate(range.from),
      to: formatDate(range.to),
    }));
}

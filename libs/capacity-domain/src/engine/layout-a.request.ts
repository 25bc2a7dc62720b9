/**
 * Layout A before any data is read: items (E1.4), modes (E6.1), destinations (E3.1/E3.2), explicit origins in
 * order of first appearance and the placement candidates of E6.2. Shared by `planReads` and `calculate`, so both
 * phases see the same origins, destinations and paths.
 */
import type { Clock } from '../calendar/business-time';
import type { DispatchType } from '../configuration/configuration-document.types';
import type { NodeModel } from '../configuration/snapshot';
import type {
  CalculateDeliveryCapacityRequest,
  CalculationOptionsRequest,
  DispatchMode,
  ItemCapacityRequest,
  Optimization,
} from '../request/capacity-request.types';
import type { LaneModelData } from '../learning/lane-model.types';
import { Coordinates, distanceKm } from '../shared/geo-distance';
import { Destination, homeDestination, isResolved, pickupDestinations } from './destination.resolver';
import { PreparedItem, prepareItem } from './item-measures';
import { requestedConfidence } from './lane-promise';
import { RequestScope, requestScope } from './request-scope';
import { findPaths } from './route-path.finder';
import type { Snapshot } from '../configuration/snapshot';

export interface PlacementCandidate {
  readonly node: NodeModel;
  /** from the request's coordinates, null when unknown */
  readonly distanceKm: number | null;
  /** E6.2 UBIGEO_NEAREST_STORE closeness: 0 same 6 digits, 1 same first 4, 2 same first 2, 3 other */
  readonly ubigeoRank: number;
}

export interface LayoutARequest {
  readonly request: CalculateDeliveryCapacityRequest;
  readonly scope: RequestScope;
  readonly options: CalculationOptionsRequest;
  readonly optimization: Optimization;
  readonly dispatchType: DispatchType;
  /** the confidence its dates are kept with (`lane-promise.ts`); null: no buffer */
  readonly confidence: number | null;
  readonly modes: readonly DispatchMode[];
  readonly coordinates: Coordinates | null;
  readonly destinations: ReadonlyMap<DispatchMode, readonly Destination[]>;
  readonly items: readonly PreparedItem<ItemCapacityRequest>[];
  /** origin codes of items that name one, in order of first appearance */
  readonly explicitOrigins: readonly string[];
  readonly originless: readonly PreparedItem<ItemCapacityRequest>[];
  /** E6.2 candidates (type, valid path, distance limit), in snapshot order; empty without origin-less items */
  readonly candidates: readonly PlacementCandidate[];
}

export function prepareLayoutA(
  snapshot: Snapshot,
  request: CalculateDeliveryCapacityRequest,
  clock: Clock,
  laneModel: LaneModelData | null,
): LayoutARequest | { field: string } {
  const options = request.calculationOptions ?? {};
  const scope = requestScope(
    snapshot,
    {
      purchaseDate: request.purchaseDate,
      rangeStart: options.rangeStart,
      rangeEnd: options.rangeEnd,
      isLastRoute: request.isLastRoute,
      calendarOnly: false,
      laneModel,
    },
    clock,
  );
  if (!('snapshot' in scope)) return scope;
  const delivery = request.deliveryData ?? {};
  const coordinates =
    delivery.latitude != null && delivery.longitude != null
      ? { latitude: delivery.latitude, longitude: delivery.longitude }
      : null;
  const requestedMode = request.dispatchMode ?? 'HOME_DELIVERY';
  const modes: DispatchMode[] =
    requestedMode === 'ALL_DISPATCH_MODES' ? ['HOME_DELIVERY', 'STORE_WITHDRAWAL'] : [requestedMode];
  const destinations = new Map<DispatchMode, Destination[]>();
  for (const mode of modes) {
    destinations.set(
      mode,
      mode === 'HOME_DELIVERY'
        ? [homeDestination(snapshot, delivery)]
        : pickupDestinations(snapshot, delivery.destination, coordinates, options),
    );
  }
  const items = request.items.map((item, index) => prepareItem(item, index, item.origin));
  const explicitOrigins = [...new Set(items.flatMap((item) => (item.origin === null ? [] : [item.origin])))];
  const originless = items.filter((item) => item.origin === null);
  const prepared = {
    request,
    scope,
    options,
    optimization: options.optimization ?? 'ONLY_STOCK_SINGLE_ORIGIN',
    dispatchType: request.dispatchType ?? 'NORMAL',
    confidence: requestedConfidence(snapshot.settings, request.saleChannel, options.confidence),
    modes,
    coordinates,
    destinations,
    items,
    explicitOrigins,
    originless,
    candidates: [],
  };
  return originless.length === 0 ? prepared : { ...prepared, candidates: candidatesOf(prepared) };
}

/** E6.2: CD/TD nodes (TD only for the store optimizations) with a valid path, within the distance limit. */
function candidatesOf(prepared: LayoutARequest): PlacementCandidate[] {
  const { scope, optimization, coordinates, options } = prepared;
  const storesOnly = optimization === 'PROXIMITY_STORE' || optimization === 'UBIGEO_NEAREST_STORE';
  const limit = options.maxDistancePickingStore ?? null;
  const ubigeo = prepared.request.deliveryData?.ubigeoCode ?? null;
  const targets = prepared.modes.flatMap((mode) =>
    (prepared.destinations.get(mode) ?? []).filter(isResolved),
  );
  const candidates: PlacementCandidate[] = [];
  for (const node of scope.snapshot.nodes) {
    if (node.type !== 'TD' && (storesOnly || node.type !== 'CD')) continue;
    if (
      !targets.some(
        (d) => findPaths(scope.snapshot, node, d.target, prepared.dispatchType, scope.isLastRoute).length > 0,
      )
    )
      continue;
    const distance = distanceKm(coordinates, node.coordinates);
    if (limit !== null && (distance === null || distance > limit)) continue;
    candidates.push({ node, distanceKm: distance, ubigeoRank: ubigeoRank(ubigeo, node.ubigeoCode) });
  }
  return candidates;
}

function ubigeoRank(requested: string | null, node: string | null): number {
  if (requested === null || node === null) return 3;
  for (const [rank, digits] of [
    [0, 6],
    [1, 4],
    [2, 2],
  ] as const) {
    if (
      requested.length >= digits &&
      node.length >= digits &&
      requested.slice(0, digits) === node.slice(0, digits)
    )
      return rank;
  }
  return 3;
}

/** E3.1 home-delivery zone and E3.2 pickup destinations (including the search by distance). */
import type { NodeModel, Snapshot, ZoneModel } from '../configuration/snapshot';
import type { DispatchMode } from '../request/capacity-request.types';
import { compareCodes, compareDistance, Coordinates, distanceKm } from '../shared/geo-distance';
import type { PathTarget } from './route-path.finder';

export type Destination =
  | {
      readonly kind: 'zone';
      readonly mode: 'HOME_DELIVERY';
      readonly code: string;
      readonly target: PathTarget;
      readonly zone: ZoneModel;
    }
  | {
      readonly kind: 'pickup';
      readonly mode: 'STORE_WITHDRAWAL';
      readonly code: string;
      readonly target: PathTarget;
      readonly node: NodeModel;
      /** from the request's coordinates; null when unknown */
      readonly distanceKm: number | null;
    }
  | {
      readonly kind: 'unresolved';
      readonly mode: DispatchMode;
      /** the destination as sent (null when none) */
      readonly code: string | null;
      /** the zone as sent (home delivery), else null */
      readonly zone: string | null;
      readonly description: string;
    };

export type ResolvedDestination = Extract<Destination, { target: PathTarget }>;

const DEFAULT_PICKUP_RADIUS_KM = 10;
const DEFAULT_MAX_PICKUP_POINTS = 3;

function present(text: string | null | undefined): text is string {
  return text != null && text !== '';
}

/** E3.1: the zone code if given (no fallback), else the ubigeo's zone, else the destination read as an ubigeo. */
export function homeDestination(
  snapshot: Snapshot,
  sent: { zone?: string | null; ubigeoCode?: string | null; destination?: string | null },
): Destination {
  if (present(sent.zone)) {
    const zone = snapshot.zoneByCode.get(sent.zone);
    if (zone === undefined) {
      return {
        kind: 'unresolved',
        mode: 'HOME_DELIVERY',
        code: sent.zone,
        zone: sent.zone,
        description: `unknown zone ${sent.zone}`,
      };
    }
    return { kind: 'zone', mode: 'HOME_DELIVERY', code: zone.code, target: { zone }, zone };
  }
  const zone =
    (present(sent.ubigeoCode) ? snapshot.zoneByUbigeo.get(sent.ubigeoCode) : undefined) ??
    (present(sent.destination) ? snapshot.zoneByUbigeo.get(sent.destination) : undefined);
  if (zone !== undefined)
    return { kind: 'zone', mode: 'HOME_DELIVERY', code: zone.code, target: { zone }, zone };
  return {
    kind: 'unresolved',
    mode: 'HOME_DELIVERY',
    code: null,
    zone: null,
    description: 'destination zone could not be resolved',
  };
}

/** E3.2 with a named destination: it must be a pickup point. */
export function namedPickup(snapshot: Snapshot, code: string, coordinates: Coordinates | null): Destination {
  const node = snapshot.nodeByCode.get(code);
  if (node === undefined || !node.isPickupPoint) {
    const description = node === undefined ? `unknown pickup point ${code}` : `${code} is not a pickup point`;
    return { kind: 'unresolved', mode: 'STORE_WITHDRAWAL', code, zone: null, description };
  }
  return pickupOf(node, distanceKm(coordinates, node.coordinates));
}

/**
 * E3.2: `destination` names the pickup node; without it, the pickup points within the radius of the
 * coordinates (nearest first, ties by code, at most `maxPickupPoint`).
 */
export function pickupDestinations(
  snapshot: Snapshot,
  destination: string | null | undefined,
  coordinates: Coordinates | null,
  options: { maxDistancePickingStore?: number | null; maxPickupPoint?: number | null },
): Destination[] {
  if (present(destination)) return [namedPickup(snapshot, destination, coordinates)];
  if (coordinates === null) {
    return [
      {
        kind: 'unresolved',
        mode: 'STORE_WITHDRAWAL',
        code: null,
        zone: null,
        description: 'no pickup point given and no coordinates',
      },
    ];
  }
  const radius = options.maxDistancePickingStore ?? DEFAULT_PICKUP_RADIUS_KM;
  const inRange = snapshot.pickupPoints
    .map((node) => ({ node, distance: distanceKm(coordinates, node.coordinates) }))
    .filter(
      (entry): entry is { node: NodeModel; distance: number } =>
        entry.distance !== null && entry.distance <= radius,
    )
    .sort((a, b) => compareDistance(a.distance, b.distance) || compareCodes(a.node.code, b.node.code))
    .slice(0, options.maxPickupPoint ?? DEFAULT_MAX_PICKUP_POINTS);
  if (inRange.length === 0) {
    return [
      {
        kind: 'unresolved',
        mode: 'STORE_WITHDRAWAL',
        code: null,
        zone: null,
        description: `no pickup point within ${radius} km`,
      },
    ];
  }
  return inRange.map((entry) => pickupOf(entry.node, entry.distance));
}

function pickupOf(node: NodeModel, distance: number | null): Destination {
  return {
    kind: 'pickup',
    mode: 'STORE_WITHDRAWAL',
    code: node.code,
    target: { node },
    node,
    distanceKm: distance,
  };
}

export function isResolved(destination: Destination): destination is ResolvedDestination {
  return destination.kind !== 'unresolved';
}

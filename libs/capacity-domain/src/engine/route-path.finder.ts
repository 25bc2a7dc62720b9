/**
 * E3.3 valid paths from an origin to a destination, in the E5.1 tie order (sum of priorities, number of legs,
 * codes joined with `>`). Paths depend only on the snapshot, so they are memoized per snapshot.
 */
import type { DispatchType } from '../configuration/configuration-document.types';
import type { NodeModel, RouteModel, Snapshot, ZoneModel } from '../configuration/snapshot';
import { compareCodes } from '../shared/geo-distance';

export interface RoutePath {
  readonly origin: NodeModel;
  readonly legs: readonly RouteModel[];
  /** leg codes joined with `>` (`""` for an empty path) */
  readonly code: string;
  /** leg descriptions joined with ` > ` */
  readonly description: string;
  readonly prioritySum: number;
}

export type PathTarget =
  | { readonly zone: ZoneModel; readonly node?: undefined }
  | { readonly node: NodeModel; readonly zone?: undefined };

const memo = new WeakMap<Snapshot, Map<string, readonly RoutePath[]>>();

export function findPaths(
  snapshot: Snapshot,
  origin: NodeModel,
  target: PathTarget,
  dispatchType: DispatchType,
  isLastRoute: boolean,
): readonly RoutePath[] {
  let cache = memo.get(snapshot);
  if (cache === undefined) memo.set(snapshot, (cache = new Map()));
  const key = `${origin.code}|${target.zone ? `Z:${target.zone.code}` : `N:${target.node.code}`}|${dispatchType}|${isLastRoute}`;
  let paths = cache.get(key);
  if (paths === undefined) {
    paths = enumerate(snapshot, origin, target, dispatchType, isLastRoute).sort(comparePathOrder);
    cache.set(key, paths);
  }
  return paths;
}

/** E5.1 tie rules: sum of leg priorities, then number of legs, then leg codes joined with `>`. */
export function comparePathOrder(a: RoutePath, b: RoutePath): number {
  if (a.prioritySum !== b.prioritySum) return a.prioritySum - b.prioritySum;
  if (a.legs.length !== b.legs.length) return a.legs.length - b.legs.length;
  return compareCodes(a.code, b.code);
}

function enumerate(
  snapshot: Snapshot,
  origin: NodeModel,
  target: PathTarget,
  dispatchType: DispatchType,
  isLastRoute: boolean,
): RoutePath[] {
  if (target.node === origin) return [pathOf(origin, [])]; // withdrawal at the origin: any other path repeats it
  const maxLegs = isLastRoute ? 1 : snapshot.settings.maxLegs;
  const found: RoutePath[] = [];
  const visited = new Set<NodeModel>([origin]);
  const legs: RouteModel[] = [];
  const walk = (node: NodeModel): void => {
    for (const route of snapshot.routesBySource.get(node.code) ?? []) {
      if (!route.dispatchTypes.includes(dispatchType)) continue;
      if (target.zone !== undefined) {
        if (route.mode === 'HOME_DELIVERY' && route.targetZone === target.zone)
          found.push(pathOf(origin, [...legs, route]));
      } else if (
        route.mode === 'STORE_WITHDRAWAL' &&
        route.targetNode === target.node &&
        !visited.has(target.node)
      ) {
        found.push(pathOf(origin, [...legs, route]));
      }
      const next = route.targetNode;
      if (route.mode !== 'TRANSFER' || next === null || visited.has(next) || legs.length + 1 >= maxLegs)
        continue;
      visited.add(next);
      legs.push(route);
      walk(next);
      legs.pop();
      visited.delete(next);
    }
  };
  walk(origin);
  return found;
}

function pathOf(origin: NodeModel, legs: RouteModel[]): RoutePath {
  return {
    origin,
    legs,
    code: legs.map((leg) => leg.code).join('>'),
    description: legs.map((leg) => leg.description).join(' > '),
    prioritySum: legs.reduce((sum, leg) => sum + leg.priority, 0),
  };
}

/**
 * E6.2/E11.3: placing items without `origin`. Candidates are ordered by the optimization (or the `calculate`
 * option), then the single-origin or multi-origin strategy picks origins whose stock covers the items.
 */
import { compareCodes, compareDistance } from '../shared/geo-distance';
import { sumExact } from '../shared/exact-decimal';
import { isResolved } from './destination.resolver';
import { PreparedItem, unitsOfGroup } from './item-measures';
import type { LayoutARequest, PlacementCandidate } from './layout-a.request';
import type { PathDateSearch } from './path-dates.calculator';
import { pickingStart, wholesaleDays } from './request-scope';
import { findPaths } from './route-path.finder';
import { covers, StockBook } from './stock.checker';

export interface Placement {
  /** origin code → items placed there (request order), in the order origins were chosen */
  readonly placed: ReadonlyMap<string, readonly PreparedItem[]>;
  /** items no candidate could take (they form the STOCK_ERROR group) */
  readonly unplaced: readonly PreparedItem[];
}

export function placeOriginless(
  prepared: LayoutARequest,
  stock: StockBook,
  search: PathDateSearch,
): Placement {
  const candidates = orderCandidates(prepared, search);
  const items = prepared.originless;
  if (prepared.optimization !== 'COMPLETE_STOCK_MULTI_ORIGIN') {
    const chosen = candidates.find((candidate) => covers(stock, candidate.node.code, items));
    return chosen === undefined
      ? { placed: new Map(), unplaced: items }
      : { placed: new Map([[chosen.node.code, items]]), unplaced: [] };
  }
  const { maxOrigins, maxItemsPerOrigin } = prepared.options;
  const placed = new Map<string, readonly PreparedItem[]>();
  let remaining = items;
  while (remaining.length > 0 && (maxOrigins == null || placed.size < maxOrigins)) {
    let best: { code: string; taken: PreparedItem[] } | null = null;
    for (const candidate of candidates) {
      if (placed.has(candidate.node.code)) continue;
      const taken = takeable(stock, candidate.node.code, remaining, maxItemsPerOrigin ?? Infinity);
      if (taken.length > (best?.taken.length ?? 0)) best = { code: candidate.node.code, taken };
    }
    if (best === null) break;
    placed.set(best.code, best.taken);
    const taken = new Set(best.taken);
    remaining = remaining.filter((item) => !taken.has(item));
  }
  return { placed, unplaced: remaining };
}

/** E11.3: items in request order, each taken when the candidate still covers the per-SKU sums and the limit holds. */
function takeable(
  stock: StockBook,
  node: string,
  items: readonly PreparedItem[],
  limit: number,
): PreparedItem[] {
  const taken: PreparedItem[] = [];
  const sums = new Map<string, number>();
  for (const item of items) {
    if (taken.length >= limit) break;
    if (item.sku === null) continue;
    const available = stock.available(node, item.sku);
    const requested = sumExact([sums.get(item.sku) ?? 0, item.quantity]);
    if (available === undefined || available <= 0 || available < requested) continue;
    sums.set(item.sku, requested);
    taken.push(item);
  }
  return taken;
}

function orderCandidates(prepared: LayoutARequest, search: PathDateSearch): PlacementCandidate[] {
  const byDistance = (a: PlacementCandidate, b: PlacementCandidate): number =>
    compareDistance(a.distanceKm, b.distanceKm) || compareCodes(a.node.code, b.node.code);
  const candidates = [...prepared.candidates];
  if (prepared.optimization === 'PROXIMITY_STORE') return candidates.sort(byDistance);
  if (prepared.optimization === 'UBIGEO_NEAREST_STORE') {
    return candidates.sort((a, b) => a.ubigeoRank - b.ubigeoRank || byDistance(a, b));
  }
  if (prepared.options.calculate === 'SEARCH_ORIGINS_BY_COORDINATES') return candidates.sort(byDistance);
  const firstDates = new Map(
    candidates.map((candidate) => [candidate, bestFirstDate(prepared, search, candidate)]),
  );
  return candidates.sort(
    (a, b) =>
      compareDistance(firstDates.get(a) ?? null, firstDates.get(b) ?? null) ||
      compareCodes(a.node.code, b.node.code),
  );
}

/** SEARCH_ORIGINS_BY_ROUTE: the earliest first date of a group of all origin-less items (stock ignored). */
function bestFirstDate(
  prepared: LayoutARequest,
  search: PathDateSearch,
  candidate: PlacementCandidate,
): number | null {
  const { scope } = prepared;
  const units = unitsOfGroup(prepared.originless);
  const { extraDays } = wholesaleDays(scope.snapshot, units);
  const start = pickingStart(scope, candidate.node);
  let best: number | null = null;
  for (const mode of prepared.modes) {
    for (const destination of (prepared.destinations.get(mode) ?? []).filter(isResolved)) {
      for (const path of findPaths(
        scope.snapshot,
        candidate.node,
        destination.target,
        prepared.dispatchType,
        scope.isLastRoute,
      )) {
        const first = search.evaluate(path, start, units, extraDays).listed?.deliveryDates[0];
        if (first !== undefined && (best === null || first < best)) best = first;
      }
    }
  }
  return best;
}

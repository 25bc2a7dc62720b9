/**
 * E6.2/E11.3: placing items without `origin`. Candidates are ordered by the optimization (or the `calculate`
 * option), then the single-origin or multi-origin strategy picks origins whose stock covers the items.
 */
import { formatDate } from '../calendar/calendar';
import { compareCodes, compareDistance, reportedDistance } from '../shared/geo-distance';
import { sumExact } from '../shared/exact-decimal';
import { offerFirstDate } from './answer-validity';
import { AnswerValidity, ValidityBound } from './validity-bound';
import { isResolved } from './destination.resolver';
import type { ExplanationSink } from './explanation.recorder';
import type { CandidateOrderKey } from './explanation.types';
import { PreparedItem, unitsOfGroup } from './item-measures';
import type { LayoutARequest, PlacementCandidate } from './layout-a.request';
import { lanePromise, lastLegDays } from './lane-promise';
import type { PathDateSearch } from './path-dates.calculator';
import { PlacementLog } from './placement.log';
import { pickingStart, wholesaleDays } from './request-scope';
import { findPaths } from './route-path.finder';
import { covers, StockBook } from './stock.checker';

export interface Placement {
  /** origin code → items placed there (request order), in the order origins were chosen */
  readonly placed: ReadonlyMap<string, readonly PreparedItem[]>;
  /** items no candidate could take (they form the STOCK_ERROR group) */
  readonly unplaced: readonly PreparedItem[];
  /**
   * SEARCH_ORIGINS_BY_ROUTE with two or more contenders: until when time leaves the contenders' first dates (their
   * order) as they are; null when time cannot change the placement (`placement-validity.ts`)
   */
  readonly orderValidity: AnswerValidity | null;
  /** SEARCH_ORIGINS_BY_ROUTE: the candidates that can take an item; only their order decides the placement */
  readonly contenders: readonly PlacementCandidate[];
}

type PlacedItems = Pick<Placement, 'placed' | 'unplaced'>;

export function placeOriginless(
  prepared: LayoutARequest,
  stock: StockBook,
  search: PathDateSearch,
  sink: ExplanationSink | null = null,
): Placement {
  const contenders = ordersByRoute(prepared) ? contendersOf(prepared, stock) : [];
  return placeAmong(prepared, stock, search, prepared.candidates, contenders, sink);
}

/**
 * The placement at the search's instant among `running`: every candidate, or (at a later instant, without an
 * explanation) the contenders alone, which place the items the same way.
 */
export function placeAmong(
  prepared: LayoutARequest,
  stock: StockBook,
  search: PathDateSearch,
  running: readonly PlacementCandidate[],
  contenders: readonly PlacementCandidate[],
  sink: ExplanationSink | null = null,
): Placement {
  const bound = contenders.length > 1 ? new ValidityBound() : null;
  const timed = bound === null ? null : { bound, contenders: new Set(contenders) };
  const { candidates, orderKey } = orderCandidates(prepared, running, search, timed);
  const maxItemsPerOrigin =
    prepared.optimization === 'COMPLETE_STOCK_MULTI_ORIGIN'
      ? (prepared.options.maxItemsPerOrigin ?? null)
      : null;
  const log =
    sink === null ? null : new PlacementLog(prepared.optimization, maxItemsPerOrigin, candidates, orderKey);
  const placement =
    prepared.optimization === 'COMPLETE_STOCK_MULTI_ORIGIN'
      ? placeMultiOrigin(prepared, stock, candidates, log)
      : placeSingleOrigin(prepared.originless, stock, candidates, log);
  if (sink !== null && log !== null) sink.placement = log.result(placement.placed, placement.unplaced);
  return { ...placement, orderValidity: bound?.result() ?? null, contenders };
}

/** E6.2: the optimization orders candidates by their first dates (`SEARCH_ORIGINS_BY_ROUTE`, the default). */
function ordersByRoute(prepared: LayoutARequest): boolean {
  const { optimization, options } = prepared;
  return (
    optimization !== 'PROXIMITY_STORE' &&
    optimization !== 'UBIGEO_NEAREST_STORE' &&
    options.calculate !== 'SEARCH_ORIGINS_BY_COORDINATES'
  );
}

/**
 * The candidates that can take the items (single origin: all of them; multi-origin: at least one), in snapshot
 * order. No other is ever chosen, whatever its place in the order. An item is covered in a multi-origin round only if it
 * is covered alone (`coveredItems`), so a candidate covering none of the items alone never covers any.
 */
function contendersOf(prepared: LayoutARequest, stock: StockBook): PlacementCandidate[] {
  const items = prepared.originless;
  const multi = prepared.optimization === 'COMPLETE_STOCK_MULTI_ORIGIN';
  return prepared.candidates.filter((candidate) =>
    multi
      ? items.some((item) => coversAlone(stock, candidate.node.code, item))
      : covers(stock, candidate.node.code, items),
  );
}

function coversAlone(stock: StockBook, node: string, item: PreparedItem): boolean {
  if (item.sku === null) return false;
  const available = stock.available(node, item.sku);
  return available !== undefined && available > 0 && available >= item.quantity;
}

/** Single origin: the first candidate (in order) whose stock covers every item takes them all. */
function placeSingleOrigin(
  items: readonly PreparedItem[],
  stock: StockBook,
  candidates: readonly PlacementCandidate[],
  log: PlacementLog | null,
): PlacedItems {
  const chosen = candidates.findIndex((candidate) => covers(stock, candidate.node.code, items));
  log?.singleOrigin(
    candidates.map((candidate) => coveredItems(stock, candidate.node.code, items)),
    chosen,
  );
  return chosen < 0
    ? { placed: new Map(), unplaced: items }
    : { placed: new Map([[candidates[chosen].node.code, items]]), unplaced: [] };
}

/**
 * E6.2/E11.3 multi-origin: each round the candidate covering the most remaining items, uncapped, wins (candidate
 * order breaks ties: strictly more to replace); it then takes the first `maxItemsPerOrigin` of them.
 */
function placeMultiOrigin(
  prepared: LayoutARequest,
  stock: StockBook,
  candidates: readonly PlacementCandidate[],
  log: PlacementLog | null,
): PlacedItems {
  const { maxOrigins, maxItemsPerOrigin } = prepared.options;
  const placed = new Map<string, readonly PreparedItem[]>();
  let remaining = prepared.originless;
  for (;;) {
    if (remaining.length === 0) break;
    if (maxOrigins != null && placed.size >= maxOrigins) {
      log?.stop('MAX_ORIGINS');
      break;
    }
    let best = -1;
    let bestCovered: PreparedItem[] = [];
    const coverage = candidates.map((candidate, i) => {
      if (placed.has(candidate.node.code)) return null;
      const covered = coveredItems(stock, candidate.node.code, remaining);
      if (covered.length > bestCovered.length) [best, bestCovered] = [i, covered];
      return covered;
    });
    log?.multiOriginRound(coverage, best);
    if (best < 0) {
      log?.stop('NOTHING_MORE_COVERED');
      break;
    }
    const taken = bestCovered.slice(0, maxItemsPerOrigin ?? Infinity);
    placed.set(candidates[best].node.code, taken);
    const takenSet = new Set(taken);
    remaining = remaining.filter((item) => !takenSet.has(item));
  }
  if (remaining.length === 0) log?.stop('ALL_PLACED');
  return { placed, unplaced: remaining };
}

/**
 * E11.3: items in request order, each covered when the candidate still covers the per-SKU sums (skipping, not
 * stopping at, one that does not). `maxItemsPerOrigin` takes a prefix of this list: the walk up to the limit is
 * the same whether or not it is applied.
 */
function coveredItems(stock: StockBook, node: string, items: readonly PreparedItem[]): PreparedItem[] {
  const covered: PreparedItem[] = [];
  const sums = new Map<string, number>();
  for (const item of items) {
    if (item.sku === null) continue;
    const available = stock.available(node, item.sku);
    const requested = sumExact([sums.get(item.sku) ?? 0, item.quantity]);
    if (available === undefined || available <= 0 || available < requested) continue;
    sums.set(item.sku, requested);
    covered.push(item);
  }
  return covered;
}

interface OrderedCandidates {
  readonly candidates: PlacementCandidate[];
  /** the key each candidate was ordered by (explanations) */
  readonly orderKey: (candidate: PlacementCandidate) => CandidateOrderKey;
}

/** `timed.bound` takes the instants the first dates of `timed.contenders` may move (null: time changes nothing). */
function orderCandidates(
  prepared: LayoutARequest,
  running: readonly PlacementCandidate[],
  search: PathDateSearch,
  timed: { bound: ValidityBound; contenders: ReadonlySet<PlacementCandidate> } | null,
): OrderedCandidates {
  const byDistance = (a: PlacementCandidate, b: PlacementCandidate): number =>
    compareDistance(a.distanceKm, b.distanceKm) || compareCodes(a.node.code, b.node.code);
  const distanceKey = (candidate: PlacementCandidate): CandidateOrderKey => ({
    by: 'DISTANCE_KM',
    value: candidate.distanceKm === null ? null : reportedDistance(candidate.distanceKm),
    tieBreakDistanceKm: null,
  });
  const candidates = [...running];
  if (prepared.optimization === 'PROXIMITY_STORE')
    return { candidates: candidates.sort(byDistance), orderKey: distanceKey };
  if (prepared.optimization === 'UBIGEO_NEAREST_STORE') {
    return {
      candidates: candidates.sort((a, b) => a.ubigeoRank - b.ubigeoRank || byDistance(a, b)),
      orderKey: (candidate) => ({
        by: 'UBIGEO_CLOSENESS',
        value: candidate.ubigeoRank,
        tieBreakDistanceKm: candidate.distanceKm === null ? null : reportedDistance(candidate.distanceKm),
      }),
    };
  }
  if (!ordersByRoute(prepared)) return { candidates: candidates.sort(byDistance), orderKey: distanceKey };
  const firstDates = new Map(
    candidates.map((candidate) => [
      candidate,
      bestFirstDate(prepared, search, candidate, timed?.contenders.has(candidate) ? timed.bound : null),
    ]),
  );
  candidates.sort(
    (a, b) =>
      compareDistance(firstDates.get(a) ?? null, firstDates.get(b) ?? null) ||
      compareCodes(a.node.code, b.node.code),
  );
  return {
    candidates,
    orderKey: (candidate) => {
      const first = firstDates.get(candidate) ?? null;
      return {
        by: 'FIRST_DELIVERY_DATE',
        value: first === null ? null : formatDate(first),
        tieBreakDistanceKm: null,
      };
    },
  };
}

/**
 * SEARCH_ORIGINS_BY_ROUTE: the earliest first date of a group of all origin-less items (stock ignored), each path
 * with its lane's buffer as its group would have it.
 */
function bestFirstDate(
  prepared: LayoutARequest,
  search: PathDateSearch,
  candidate: PlacementCandidate,
  bound: ValidityBound | null,
): number | null {
  const { scope } = search; // the search's instant (`placeAmong` at a later one)
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
        const promise = lanePromise(scope.laneModel, prepared.confidence, path, destination.code, extraDays);
        const listed = search.evaluate(path, start, units, lastLegDays(extraDays, promise)).listed;
        if (bound !== null) offerFirstDate(bound, search, candidate.node, listed, units);
        const first = listed?.deliveryDates[0];
        if (first !== undefined && (best === null || first < best)) best = first;
      }
    }
  }
  return best;
}

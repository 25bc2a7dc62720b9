/**
 * E6.2 `SEARCH_ORIGINS_BY_ROUTE`: when time alone changes the items a placed origin takes (`validUntil`,
 * algorithm.md). Only the contenders (candidates that can take an item) decide the placement, ordered by their
 * first dates, which time moves; `Placement.orderValidity` is the first instant one of them may move. The
 * placement is made again at that instant (the contenders alone, no explanation) and compared origin by origin
 * with the answer's, then again at the next such instant, until every group is settled: a group's bound is the
 * first instant at which its origin's placed items (for the unplaced group: the unplaced items) differ, unless
 * its own bound comes first. After `MAX_PLACEMENTS` placements the instant reached bounds the groups still open.
 */
import type { CounterBook } from './capacity-counters';
import type { GroupEvaluation } from './group-evaluation.types';
import type { PreparedItem } from './item-measures';
import type { LayoutARequest } from './layout-a.request';
import { Placement, placeAmong } from './origin-placement';
import { PathDateSearch } from './path-dates.calculator';
import type { StockBook } from './stock.checker';
import { AnswerValidity, MINUTES_PER_DAY as DAY } from './validity-bound';

/** placements made again per calculation at most (each evaluates the contenders' paths once) */
export const MAX_PLACEMENTS = 16;

/** Each group's `validUntil`: its own bound (`own`, in the same order), or the first change of its placement. */
export function withPlacementChanges(
  prepared: LayoutARequest,
  stock: StockBook,
  counters: CounterBook,
  placement: Placement,
  groups: readonly GroupEvaluation[],
  own: readonly (AnswerValidity | null)[],
): (AnswerValidity | null)[] {
  const bounds = [...own];
  const open = groups.map(() => true);
  let next = placement.orderValidity;
  for (let placements = 0; next !== null; placements++) {
    const at = next.wallMinutes;
    let settled = true;
    for (let i = 0; i < groups.length; i++) {
      if (open[i] && (own[i]?.wallMinutes ?? Infinity) <= at) open[i] = false;
      if (open[i]) settled = false;
    }
    if (settled) break;
    if (placements === MAX_PLACEMENTS) {
      for (let i = 0; i < groups.length; i++) if (open[i]) bounds[i] = next;
      break;
    }
    const today = Math.floor(at / DAY);
    const search = new PathDateSearch({ ...prepared.scope, today, nowMinutes: at - today * DAY }, counters);
    const then = placeAmong(prepared, stock, search, placement.contenders, placement.contenders);
    for (let i = 0; i < groups.length; i++) {
      const origin = groups[i].spec.originCode;
      if (open[i] && !sameItems(itemsAt(placement, origin), itemsAt(then, origin))) {
        bounds[i] = next;
        open[i] = false;
      }
    }
    next = then.orderValidity;
  }
  return bounds;
}

/** The items the placement gives `origin` (null: the unplaced ones), in request order. */
function itemsAt(placement: Placement, origin: string | null): readonly PreparedItem[] {
  return origin === null ? placement.unplaced : (placement.placed.get(origin) ?? []);
}

function sameItems(a: readonly PreparedItem[], b: readonly PreparedItem[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

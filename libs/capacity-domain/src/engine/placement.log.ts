/**
 * The placement of origin-less items (E6.2) as the explanation reports it: per candidate its ordering key, its
 * coverage in every round, uncapped (what rounds compare) and capped by `maxItemsPerOrigin` (what it takes), and
 * why it was or was not chosen. Only `explain` creates one.
 */
import type { CandidateOrderKey, CandidateRound, PlacementExplanation } from './explanation.types';
import type { PreparedItem } from './item-measures';
import type { PlacementCandidate } from './layout-a.request';

export class PlacementLog {
  private readonly rounds: CandidateRound[][];
  private stopped: PlacementExplanation['stopped'] = 'ALL_PLACED';

  constructor(
    private readonly optimization: string,
    /** null: no cap */
    private readonly maxItemsPerOrigin: number | null,
    private readonly candidates: readonly PlacementCandidate[],
    private readonly orderKey: (candidate: PlacementCandidate) => CandidateOrderKey,
  ) {
    this.rounds = candidates.map(() => []);
  }

  /** Single origin: the first candidate covering every item is chosen (`chosen` −1: none). */
  singleOrigin(coverage: readonly (readonly PreparedItem[])[], chosen: number): void {
    coverage.forEach((covered, i) => {
      const outcome =
        i === chosen ? 'CHOSEN' : chosen < 0 || i < chosen ? 'NOT_ALL_COVERED' : 'LATER_IN_ORDER';
      const indexes = covered.map((item) => item.index);
      this.rounds[i].push({ round: 1, coveredUncapped: indexes, coveredCapped: indexes, outcome });
    });
    if (chosen < 0) this.stopped = 'NO_ORIGIN_COVERS_ALL';
  }

  /** One multi-origin round: `coverage[i]` null for a candidate already used; `chosen` −1 when none covers anything. */
  multiOriginRound(coverage: readonly (readonly PreparedItem[] | null)[], chosen: number): void {
    const round = (this.rounds[0]?.length ?? 0) + 1;
    const most = Math.max(0, ...coverage.map((covered) => covered?.length ?? 0));
    coverage.forEach((covered, i) => {
      const outcome: CandidateRound['outcome'] =
        covered === null
          ? 'ALREADY_USED'
          : i === chosen
            ? 'CHOSEN'
            : covered.length === 0
              ? 'COVERS_NOTHING'
              : covered.length < most
                ? 'LESS_COVERAGE'
                : 'TIE_LATER_IN_ORDER';
      const indexes = (covered ?? []).map((item) => item.index);
      const coveredCapped =
        this.maxItemsPerOrigin === null ? indexes : indexes.slice(0, this.maxItemsPerOrigin);
      this.rounds[i].push({ round, coveredUncapped: indexes, coveredCapped, outcome });
    });
  }

  stop(reason: PlacementExplanation['stopped']): void {
    this.stopped = reason;
  }

  result(
    placed: ReadonlyMap<string, readonly PreparedItem[]>,
    unplaced: readonly PreparedItem[],
  ): PlacementExplanation {
    return {
      optimization: this.optimization,
      maxItemsPerOrigin: this.maxItemsPerOrigin,
      candidates: this.candidates.map((candidate, i) => ({
        origin: candidate.node.code,
        position: i + 1,
        orderKey: this.orderKey(candidate),
        rounds: this.rounds[i],
        taken: (placed.get(candidate.node.code) ?? []).map((item) => item.index),
      })),
      unplaced: unplaced.map((item) => item.index),
      stopped: this.stopped,
    };
  }
}

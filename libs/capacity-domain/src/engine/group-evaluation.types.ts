/** What evaluating one group (E5) gives: its spec, its measures and its ranked paths or its error. */
import type { NodeModel } from '../configuration/snapshot';
import type { PromiseProbability } from '../learning/lane-model.types';
import type { DispatchMode } from '../request/capacity-request.types';
import type { DetailedCapacityErrorDetail, ErrorCode } from '../request/capacity-response.types';
import type { Destination } from './destination.resolver';
import type { GroupExplanation } from './explanation.types';
import type { PreparedItem } from './item-measures';
import type { ListedPath } from './path-dates.calculator';
import type { RoutePath } from './route-path.finder';

export interface GroupSpec {
  readonly originCode: string | null;
  /** null when the origin is unknown, or for the unplaced group */
  readonly origin: NodeModel | null;
  readonly mode: DispatchMode;
  /** null for the unplaced group (E6.2) */
  readonly destination: Destination | null;
  /** in request order */
  readonly items: readonly PreparedItem[];
  readonly checkStock: boolean;
  /** the confidence its dates are kept with (`lane-promise.ts`); null: no buffer */
  readonly confidence: number | null;
}

export interface GroupError {
  readonly code: ErrorCode;
  readonly details: readonly DetailedCapacityErrorDetail[];
}

export interface GroupEvaluation {
  readonly spec: GroupSpec;
  readonly units: number;
  readonly isWholesale: boolean;
  readonly extraDays: number;
  readonly error: GroupError | null;
  /** feasible paths, best first (E5.1); empty when the group has an error */
  readonly ranked: readonly ListedPath[];
  /** every valid path (E3.3) in path order; empty when the group stopped before paths */
  readonly paths: readonly RoutePath[];
  /**
   * per path of `paths`, its lane's promise at the group's confidence (`lane-promise.ts`): its buffer was added to
   * its last leg; empty without a lane model
   */
  readonly promises: readonly (PromiseProbability | null)[];
  /** a search of a path that failed passed over a day that the business day's end opens again (`reopensAtDayEnd`) */
  readonly failedPathReopens: boolean;
  /** only when an explanation is recorded */
  readonly explanation?: GroupExplanation;
}

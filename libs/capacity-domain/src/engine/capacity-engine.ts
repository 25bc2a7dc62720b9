/**
 * The capacity engine's two phases (docs/algorithm.md): `planReads` says what may be read, the service fetches
 * it in bulk (at most two queries), `calculate` computes from those rows alone. Same inputs, same output. The lane
 * model (docs/learning.md) is one of the inputs: null (none yet) answers as before any was learned.
 */
import type { Clock } from '../calendar/business-time';
import type { Snapshot } from '../configuration/snapshot';
import type { LaneModelData } from '../learning/lane-model.types';
import type { CalculationData } from '../request/calculation-data.types';
import {
  CalculateDeliveryCapacityRequest,
  CapacityRequest,
  isLayoutA,
} from '../request/capacity-request.types';
import type { CapacityOutcome, InvalidOutcome, LayoutAOutcome, LayoutBOutcome } from './capacity-outcome';
import { explanationBasis, ExplanationSink } from './explanation.recorder';
import type { CalculationExplanation } from './explanation.types';
import type { GroupPlan } from './counter-plan.builder';
import { calculateLayoutA, planGroupsA } from './layout-a';
import { calculateLayoutB } from './layout-b';

export { planReads } from './read-plan';

export function calculate(
  snapshot: Snapshot,
  request: CapacityRequest,
  data: CalculationData,
  clock: Clock,
  laneModel: LaneModelData | null = null,
): CapacityOutcome {
  return isLayoutA(request)
    ? calculateLayoutA(snapshot, request, data, clock, laneModel)
    : calculateLayoutB(snapshot, request, data, clock, laneModel);
}

/**
 * The counter plan of each group a layout A request would be answered with (the dates each group lists, and what
 * each takes), from the same evaluation as `calculate`, without building the answer; none when it is invalid. A
 * replay needs no more (the first date each group offers): `throughFirstOffer` lists each group's dates only up to
 * that one (what `earliestPromise` reads), not the others.
 */
export function planGroups(
  snapshot: Snapshot,
  request: CalculateDeliveryCapacityRequest,
  data: CalculationData,
  clock: Clock,
  {
    throughFirstOffer = false,
    laneModel = null,
  }: { throughFirstOffer?: boolean; laneModel?: LaneModelData | null } = {},
): GroupPlan[] {
  return planGroupsA(snapshot, request, data, clock, laneModel, throughFirstOffer);
}

/** The outcome with its explanation; none when the request is invalid (the outcome says why). */
export type ExplainedOutcome =
  | { readonly outcome: InvalidOutcome; readonly explanation: null }
  | { readonly outcome: LayoutAOutcome | LayoutBOutcome; readonly explanation: CalculationExplanation };

/**
 * The calculation and its explanation from one run: the same code as `calculate`, with recorders attached to the
 * searches, so the explanation describes exactly the answer it comes with.
 */
export function explain(
  snapshot: Snapshot,
  request: CapacityRequest,
  data: CalculationData,
  clock: Clock,
  configurationVersion: number,
  laneModel: LaneModelData | null = null,
): ExplainedOutcome {
  const sink: ExplanationSink = { scope: null, placement: null, groups: [] };
  const layoutA = isLayoutA(request);
  const outcome = layoutA
    ? calculateLayoutA(snapshot, request, data, clock, laneModel, sink)
    : calculateLayoutB(snapshot, request, data, clock, laneModel, sink);
  if (outcome.kind === 'invalid') return { outcome, explanation: null };
  if (sink.scope === null) throw new Error('a layout calculated without reporting its scope');
  const identifier = layoutA ? (request.identifier ?? null) : null;
  const basis = explanationBasis(sink.scope, clock.now(), configurationVersion, identifier, data.counters);
  return { outcome, explanation: { basis, placement: sink.placement, groups: sink.groups } };
}

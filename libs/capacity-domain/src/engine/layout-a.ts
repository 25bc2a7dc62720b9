/** Layout A end to end: business 400s, placement (E6.2), groups (E6.1), evaluation, order (E6.4), response (E7). */
import type { Clock } from '../calendar/business-time';
import type { Snapshot } from '../configuration/snapshot';
import type { LaneModelData } from '../learning/lane-model.types';
import type { CalculationData } from '../request/calculation-data.types';
import type { CalculateDeliveryCapacityRequest } from '../request/capacity-request.types';
import { validityOf } from './answer-validity';
import { explainedValidity } from './validity-bound';
import { businessRuleProblems } from './business-rules.validator';
import { CapacityOutcome, InvalidOutcome, onlyRoutesMissing } from './capacity-outcome';
import { CounterBook } from './capacity-counters';
import { GroupPlan, groupPlanOf } from './counter-plan.builder';
import {
  compareGroups,
  evaluateGroup,
  GroupEnvironment,
  GroupEvaluation,
  GroupSpec,
} from './group.evaluator';
import { groupResponseOf, ResponseEnvironment } from './group-response.builder';
import { PreparedItem, unitsOfGroup } from './item-measures';
import { ExplanationRecorder, ExplanationSink } from './explanation.recorder';
import { LayoutARequest, prepareLayoutA } from './layout-a.request';
import { Placement, placeOriginless } from './origin-placement';
import { PathDateSearch } from './path-dates.calculator';
import { withPlacementChanges } from './placement-validity';
import { wholesaleDays } from './request-scope';
import { StockBook } from './stock.checker';

export function calculateLayoutA(
  snapshot: Snapshot,
  request: CalculateDeliveryCapacityRequest,
  data: CalculationData,
  clock: Clock,
  laneModel: LaneModelData | null,
  sink: ExplanationSink | null = null,
): CapacityOutcome {
  const evaluated = evaluateLayoutA(snapshot, request, data, clock, laneModel, sink);
  if ('kind' in evaluated) return evaluated;
  const { prepared, counters, stock, search, placement, groups } = evaluated;
  const maxAlternativePaths = snapshot.settings.maxAlternativePaths;
  const own = groups.map((group) => validityOf(search, group, maxAlternativePaths));
  const validities =
    placement.orderValidity === null
      ? own
      : withPlacementChanges(prepared, stock, counters, placement, groups, own);
  if (sink !== null) {
    sink.groups = groups.flatMap((group, i) =>
      group.explanation === undefined
        ? []
        : [
            {
              ...group.explanation,
              validUntil: explainedValidity(
                snapshot.settings.timezone,
                validities[i],
                prepared.scope.instant,
                snapshot.nodeByCode,
              ),
            },
          ],
    );
  }

  const responseEnv: ResponseEnvironment = {
    timeZone: snapshot.settings.timezone,
    purchase: prepared.scope.purchase,
    counters,
    search,
    dispatchType: prepared.dispatchType,
    maxAlternativePaths,
    costEnabled: prepared.options.dispatchCostEnabled === true,
    productWeightKg: new Map(data.productWeights.map((row) => [row.sku, row.weightKg])),
  };
  return {
    kind: onlyRoutesMissing(groups.map((group) => group.error?.details ?? [])) ? 'routesNotFound' : 'ok',
    layout: 'A',
    response: {
      identifier: request.identifier ?? null,
      logisticsCapacity: groups.map((group, i) => groupResponseOf(responseEnv, group, validities[i])),
      prioritizationCriteria:
        placement.placed.size > 0
          ? `${prepared.optimization},EARLIEST_DELIVERY_DATE`
          : 'EARLIEST_DELIVERY_DATE',
    },
    groupPlans: groups.map((group) => groupPlanOf(group, counters, search, snapshot.settings.timezone)),
  };
}

/** The groups of a layout A request evaluated (E6): what the answer and the plans are built from. */
interface EvaluatedLayoutA {
  prepared: LayoutARequest;
  counters: CounterBook;
  stock: StockBook;
  search: PathDateSearch;
  placement: Placement;
  groups: GroupEvaluation[];
}

function evaluateLayoutA(
  snapshot: Snapshot,
  request: CalculateDeliveryCapacityRequest,
  data: CalculationData,
  clock: Clock,
  laneModel: LaneModelData | null,
  sink: ExplanationSink | null,
): EvaluatedLayoutA | InvalidOutcome {
  const prepared = prepareLayoutA(snapshot, request, clock, laneModel);
  if ('field' in prepared)
    return { kind: 'invalid', errors: [{ field: prepared.field, message: 'must be a date YYYY-MM-DD' }] };
  const problems = businessRuleProblems(prepared);
  if (problems.length > 0) return { kind: 'invalid', errors: problems };

  const counters = new CounterBook(snapshot, data.counters, false);
  const stock = new StockBook(data.stock);
  const search = new PathDateSearch(prepared.scope, counters);
  if (sink !== null) sink.scope = prepared.scope;
  const recorder =
    sink === null
      ? null
      : new ExplanationRecorder(prepared.scope, counters, search, snapshot.settings.maxAlternativePaths);
  const placement: Placement =
    prepared.originless.length > 0
      ? placeOriginless(prepared, stock, search, sink)
      : { placed: new Map(), unplaced: [], orderValidity: null, contenders: [] };
  const env: GroupEnvironment = {
    scope: prepared.scope,
    search,
    stock,
    dispatchType: prepared.dispatchType,
    recorder,
  };
  const groups = groupSpecsOf(prepared, placement).map((spec) => evaluateGroup(env, spec));
  if (placement.unplaced.length > 0) groups.push(unplacedGroup(prepared, placement.unplaced, recorder));
  groups.sort(compareGroups);
  return { prepared, counters, stock, search, placement, groups };
}

/**
 * The counter plan of each group of a layout A request, in the order of the answer's groups, without building the
 * answer (its dates' validity and the response): what a replay needs to know the dates it would promise. None when
 * the request is invalid. `throughFirstOffer`: each group's dates up to the first one it offers (`groupPlanOf`).
 */
export function planGroupsA(
  snapshot: Snapshot,
  request: CalculateDeliveryCapacityRequest,
  data: CalculationData,
  clock: Clock,
  laneModel: LaneModelData | null,
  throughFirstOffer = false,
): GroupPlan[] {
  const evaluated = evaluateLayoutA(snapshot, request, data, clock, laneModel, null);
  if ('kind' in evaluated) return [];
  const { counters, search, groups } = evaluated;
  const { timezone } = snapshot.settings;
  return groups.map((group) => groupPlanOf(group, counters, search, timezone, throughFirstOffer));
}

/** E6.1: explicit origins in order of first appearance (placed items join them), × modes × destinations. */
function groupSpecsOf(prepared: LayoutARequest, placement: Placement): GroupSpec[] {
  const byOrigin = new Map<string, PreparedItem[]>();
  const join = (origin: string, items: readonly PreparedItem[]): void => {
    const group = byOrigin.get(origin);
    if (group === undefined) byOrigin.set(origin, [...items]);
    else group.push(...items);
  };
  for (const item of prepared.items) if (item.origin !== null) join(item.origin, [item]);
  for (const [origin, items] of placement.placed) join(origin, items);
  for (const items of byOrigin.values()) items.sort((a, b) => a.index - b.index);
  const { snapshot } = prepared.scope;
  const specs: GroupSpec[] = [];
  for (const [originCode, items] of byOrigin) {
    for (const mode of prepared.modes) {
      for (const destination of prepared.destinations.get(mode) ?? []) {
        specs.push({
          originCode,
          origin: snapshot.nodeByCode.get(originCode) ?? null,
          mode,
          destination,
          items,
          checkStock: prepared.options.validateStock === true,
          confidence: prepared.confidence,
        });
      }
    }
  }
  return specs;
}

/** E6.2: items no candidate could take — origin null, STOCK_ERROR, one PRODUCT_STOCK_NOT_AVAILABLE per item. */
function unplacedGroup(
  prepared: LayoutARequest,
  items: readonly PreparedItem[],
  recorder: ExplanationRecorder | null,
): GroupEvaluation {
  const units = unitsOfGroup(items);
  const { isWholesale, extraDays } = wholesaleDays(prepared.scope.snapshot, units);
  const group: GroupEvaluation = {
    spec: {
      originCode: null,
      origin: null,
      mode: prepared.modes[0],
      destination: null,
      items,
      checkStock: false,
      confidence: prepared.confidence,
    },
    units,
    isWholesale,
    extraDays,
    error: {
      code: 'STOCK_ERROR',
      details: items.map((item) => ({
        errorCode: 'PRODUCT_STOCK_NOT_AVAILABLE',
        description: `no origin has stock for ${item.sku ?? `item ${item.index}`}`,
        sku: item.sku,
        requestedQuantity: item.quantity,
        availableQuantity: null,
      })),
    },
    ranked: [],
    paths: [],
    promises: [],
    failedPathReopens: false,
  };
  return recorder === null
    ? group
    : { ...group, explanation: recorder.group(group, [], prepared.dispatchType) };
}

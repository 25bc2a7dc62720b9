/**
 * One group (origin × mode × destination): stock first (E6.3, E11.1), then origin, destination and paths
 * (E3.3), every path evaluated (E4) and the feasible ones ranked (E5.1); failures reported per E4.6.
 */
import type { DispatchType } from '../configuration/configuration-document.types';
import type { PromiseProbability } from '../learning/lane-model.types';
import type { DetailedCapacityErrorDetail } from '../request/capacity-response.types';
import { compareCodes, compareDistance } from '../shared/geo-distance';
import type { ExplanationRecorder, RecordedPath } from './explanation.recorder';
import type { GroupError, GroupEvaluation, GroupSpec } from './group-evaluation.types';
import { unitsOfGroup } from './item-measures';
import { lanePromise, lastLegDays } from './lane-promise';
import type { ListedPath, PathDateSearch } from './path-dates.calculator';
import { pickingStart, RequestScope, wholesaleDays } from './request-scope';
import { comparePathOrder, findPaths, RoutePath } from './route-path.finder';
import { StockBook, stockProblems } from './stock.checker';

export interface GroupEnvironment {
  readonly scope: RequestScope;
  readonly search: PathDateSearch;
  readonly stock: StockBook | null;
  readonly dispatchType: DispatchType;
  /** explanations only; null for a plain calculation */
  readonly recorder?: ExplanationRecorder | null;
}

function routeNotExist(description: string): GroupError {
  return {
    code: 'CAPACITY_ERROR',
    details: [
      {
        errorCode: 'ROUTE_NOT_EXIST',
        description,
        sku: null,
        requestedQuantity: null,
        availableQuantity: null,
      },
    ],
  };
}

export function evaluateGroup(env: GroupEnvironment, spec: GroupSpec): GroupEvaluation {
  const units = unitsOfGroup(spec.items);
  const { isWholesale, extraDays } = wholesaleDays(env.scope.snapshot, units);
  const recorded: RecordedPath[] = [];
  const recorder = env.recorder ?? null;
  let paths: readonly RoutePath[] = [];
  const promises: (PromiseProbability | null)[] = [];
  let failedPathReopens = false;
  const result = (error: GroupError | null, ranked: readonly ListedPath[] = []): GroupEvaluation => {
    const evaluation: GroupEvaluation = {
      spec,
      units,
      isWholesale,
      extraDays,
      error,
      ranked,
      paths,
      promises,
      failedPathReopens,
    };
    return recorder === null
      ? evaluation
      : { ...evaluation, explanation: recorder.group(evaluation, recorded, env.dispatchType) };
  };
  if (spec.checkStock && env.stock !== null) {
    const problems = stockProblems(env.stock, spec.originCode, spec.items);
    if (problems.length > 0) return result({ code: 'STOCK_ERROR', details: problems });
  }
  const { origin, destination } = spec;
  if (origin === null) return result(routeNotExist(`unknown origin ${spec.originCode}`));
  if (destination === null || destination.kind === 'unresolved') {
    return result(routeNotExist(destination?.description ?? 'no destination'));
  }
  paths = findPaths(env.scope.snapshot, origin, destination.target, env.dispatchType, env.scope.isLastRoute);
  if (paths.length === 0) return result(routeNotExist(`no route from ${origin.code} to ${destination.code}`));
  const start = pickingStart(env.scope, origin);
  const feasible: ListedPath[] = [];
  const failures: DetailedCapacityErrorDetail[] = [];
  const model = env.scope.laneModel;
  for (const path of paths) {
    const promise =
      model === null ? null : lanePromise(model, spec.confidence, path, destination.code, extraDays);
    if (model !== null) promises.push(promise);
    const pathRecorder = recorder?.pathRecorder(origin, start) ?? null;
    const days = lastLegDays(extraDays, promise);
    const evaluation = env.search.evaluate(path, start, units, days, pathRecorder);
    if (pathRecorder !== null) recorded.push({ evaluation, recorder: pathRecorder });
    if (evaluation.listed !== undefined) feasible.push(evaluation.listed);
    else {
      if (env.search.reopensAtDayEnd) failedPathReopens = true;
      const { errorCode, description } = evaluation.failure;
      failures.push({ errorCode, description, sku: null, requestedQuantity: null, availableQuantity: null });
    }
  }
  if (feasible.length === 0) return result({ code: 'CAPACITY_ERROR', details: failures });
  return result(null, feasible.sort(compareListed));
}

/** E5.1: first listed date, then the path tie rules. */
export function compareListed(a: ListedPath, b: ListedPath): number {
  return a.deliveryDates[0] - b.deliveryDates[0] || comparePathOrder(a.path, b.path);
}

/** E6.4 order of `logisticsCapacity`. */
export function compareGroups(a: GroupEvaluation, b: GroupEvaluation): number {
  if ((a.error === null) !== (b.error === null)) return a.error === null ? -1 : 1;
  if (a.error === null && b.error === null) {
    return (
      a.ranked[0].deliveryDates[0] - b.ranked[0].deliveryDates[0] ||
      compareNullable(a.spec.originCode, b.spec.originCode) ||
      compareCodes(a.spec.mode, b.spec.mode) ||
      compareDistance(pickupDistance(a), pickupDistance(b)) ||
      compareNullable(a.spec.destination?.code ?? null, b.spec.destination?.code ?? null)
    );
  }
  return (
    compareNullable(a.spec.originCode, b.spec.originCode) ||
    compareCodes(a.spec.mode, b.spec.mode) ||
    compareNullable(a.spec.destination?.code ?? null, b.spec.destination?.code ?? null)
  );
}

function pickupDistance(group: GroupEvaluation): number | null {
  const destination = group.spec.destination;
  return destination?.kind === 'pickup' ? destination.distanceKm : null;
}

/** Code-point order with null last. */
function compareNullable(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compareCodes(a, b);
}

export type { GroupError, GroupEvaluation, GroupSpec } from './group-evaluation.types';

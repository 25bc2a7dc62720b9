/** E7/E11.4/E11.5: the response fields of one layout A group, from its evaluation. */
import { formatDate } from '../calendar/calendar';
import type { NodeModel } from '../configuration/snapshot';
import type { DispatchType } from '../configuration/configuration-document.types';
import type { ItemCapacityRequest } from '../request/capacity-request.types';
import type { DeliveryCapacityGroupResponse, EntityDetailResponse } from '../request/capacity-response.types';
import { add, multiply, roundHalfUp, ZERO } from '../shared/exact-decimal';
import { reportedDistance } from '../shared/geo-distance';
import { AnswerValidity, formatValidity } from './validity-bound';
import { warningsOf } from './capacity-warnings';
import { arriveDatesOf, deliveryTraceOf, TraceEnvironment } from './delivery-trace.builder';
import type { GroupEvaluation } from './group.evaluator';
import { weightKgOfGroup } from './item-measures';
import { groupPromise, promiseConfidenceOf } from './lane-promise';
import type { RoutePath } from './route-path.finder';

export interface ResponseEnvironment extends TraceEnvironment {
  readonly dispatchType: DispatchType;
  readonly maxAlternativePaths: number;
  readonly costEnabled: boolean;
  readonly productWeightKg: ReadonlyMap<string, number>;
}

/** `validity`: the group's bound (`answer-validity.ts`, with the placement's, `placement-validity.ts`). */
export function groupResponseOf(
  env: ResponseEnvironment,
  group: GroupEvaluation,
  validity: AnswerValidity | null,
): DeliveryCapacityGroupResponse {
  const { spec, error } = group;
  const destination = spec.destination;
  const pickup = destination?.kind === 'pickup' ? destination : null;
  const best = error === null ? group.ranked[0] : null;
  const path = best?.path ?? null;
  const promise = groupPromise(group);
  const response: DeliveryCapacityGroupResponse = {
    origin: spec.originCode,
    destination: destination?.code ?? null,
    dispatchType: env.dispatchType,
    dispatchMode: spec.mode,
    ...(env.costEnabled
      ? { deliveryCost: path === null ? null : deliveryCostOf(path, group, env.productWeightKg) }
      : {}),
    zone: zoneOf(group),
    pickingDays: spec.origin === null ? [] : [...spec.origin.pickingDays],
    processingDays: spec.origin?.processingDays ?? null,
    leadTimes: path?.legs.map((leg) => leg.leadTimeDays) ?? [],
    routeDaysOfWeek: path?.legs.map((leg) => [...leg.daysOfWeek]) ?? [],
    route: path?.code ?? null,
    routeDescription: path?.description ?? null,
    pickingDate: best === null ? null : formatDate(best.pickingDate),
    deliveryDates: group.ranked
      .slice(0, env.maxAlternativePaths)
      .map((listed) => listed.deliveryDates.map(formatDate)),
    originEntityDetails: spec.origin === null ? null : entityOf(spec.origin, null),
    pickupEntityDetails: pickup === null ? null : entityOf(pickup.node, pickup.distanceKm),
    deliveryTrace: best === null ? [] : deliveryTraceOf(env, best, group.units),
    arriveDates: best === null ? [] : arriveDatesOf(best),
    message: error === null ? 'OK' : error.details.map((detail) => detail.description).join('; '),
    detailedCapacityError: error === null ? [] : [{ code: error.code, details: [...error.details] }],
    detailedCapacityWarning: best === null ? [] : warningsOf(best, env.counters),
    dispatchItems: spec.items.map((item) => item.request as ItemCapacityRequest),
    isWholesale: group.isWholesale,
    wholesaleAdditionalDays: group.extraDays,
    validUntil: formatValidity(env.timeZone, validity, env.search.scope.instant),
    // only with a lane model that estimates the path: without one the answer is as it always was
    ...(promise === null ? {} : { promiseConfidence: promiseConfidenceOf(promise) }),
  };
  return response;
}

/** E7/E11.4: the E3.1 zone (as sent when unknown); null for store withdrawal and the unplaced group. */
function zoneOf(group: GroupEvaluation): string | null {
  const destination = group.spec.destination;
  if (destination === null || destination.kind === 'pickup') return null;
  return destination.kind === 'zone' ? destination.code : destination.zone;
}

/** E7: Σ over the path's legs of base + perKg × weight, exact, rounded once half-up to 2 decimals. */
function deliveryCostOf(
  path: RoutePath,
  group: GroupEvaluation,
  productWeightKg: ReadonlyMap<string, number>,
): number {
  const weight = weightKgOfGroup(group.spec.items, productWeightKg);
  let total = ZERO;
  for (const leg of path.legs) total = add(total, add(leg.costBase, multiply(leg.costPerKg, weight)));
  return roundHalfUp(total, 2);
}

export function entityOf(node: NodeModel, distanceKm: number | null): EntityDetailResponse {
  const address = node.address;
  return {
    entityType: node.type,
    entityCode: node.code,
    name: node.name,
    shortName: node.shortName,
    platformWarehouseId: node.platformWarehouseId,
    platformDockId: node.platformDockId,
    contactNumber: node.contactNumber,
    pickupPointId: node.pickupPointId,
    deliveryTime: node.deliveryTime,
    addressInfo: address === null ? null : { ...address },
    distanceInfo: distanceKm === null ? null : { distance: reportedDistance(distanceKm), unit: 'km' },
  };
}

/** Shortcuts for rule tests: one layout A group and its error/warning codes. */
import type { Snapshot } from '../configuration/snapshot';
import type { CalculateDeliveryCapacityRequest } from '../request/capacity-request.types';
import type { DeliveryCapacityGroupResponse } from '../request/capacity-response.types';
import type { Clock } from '../calendar/business-time';
import { E10_CLOCK, layoutA, Rows, runAsService } from './world-builder';

export function groupsOf(
  snapshot: Snapshot,
  request: CalculateDeliveryCapacityRequest,
  rows: Rows = {},
  clock: Clock = E10_CLOCK,
): DeliveryCapacityGroupResponse[] {
  return layoutA(runAsService(snapshot, request, rows, clock)).response.logisticsCapacity;
}

export function onlyGroup(
  snapshot: Snapshot,
  request: CalculateDeliveryCapacityRequest,
  rows: Rows = {},
  clock: Clock = E10_CLOCK,
): DeliveryCapacityGroupResponse {
  const groups = groupsOf(snapshot, request, rows, clock);
  if (groups.length !== 1) throw new Error(`expected one group, got ${groups.length}`);
  return groups[0];
}

/** [top-level code, detail code, description] of every error detail. */
export function errorsOf(group: DeliveryCapacityGroupResponse): [string, string, string][] {
  return group.detailedCapacityError.flatMap((error) =>
    error.details.map((detail): [string, string, string] => [
      error.code,
      detail.errorCode,
      detail.description,
    ]),
  );
}

export function warningCodesOf(group: DeliveryCapacityGroupResponse): string[] {
  return group.detailedCapacityWarning.flatMap((warning) =>
    warning.details.map((detail) => detail.errorCode),
  );
}

/** The first inner list of delivery dates (the group's path). */
export function datesOf(group: DeliveryCapacityGroupResponse): string[] {
  return group.deliveryDates[0] ?? [];
}

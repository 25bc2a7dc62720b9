/** E9: what the service maps to HTTP — ok (200), routesNotFound (404), invalid (400 VALIDATION_ERROR). */
import type {
  CalculateDeliveryCapacityResponse,
  DeliveryDateLineResponse,
} from '../request/capacity-response.types';
import type { RequestProblem } from './business-rules.validator';
import type { GroupPlan } from './counter-plan.builder';

export const ROUTES_NOT_FOUND_CODE = 'ROUTES_NOT_FOUND';
export const ROUTES_NOT_FOUND_MESSAGE = 'No routes were found to process the date calculation';

export interface InvalidOutcome {
  kind: 'invalid';
  errors: RequestProblem[];
}

export interface LayoutAOutcome {
  kind: 'ok' | 'routesNotFound';
  layout: 'A';
  response: CalculateDeliveryCapacityResponse;
  /** per `response.logisticsCapacity[i]`: the counters of its listed dates (reservations); not part of the HTTP body */
  groupPlans: GroupPlan[];
}

export interface LayoutBOutcome {
  kind: 'ok' | 'routesNotFound';
  layout: 'B';
  response: DeliveryDateLineResponse[];
}

export type CapacityOutcome = InvalidOutcome | LayoutAOutcome | LayoutBOutcome;

/** E9: at least one group and every one has ROUTE_NOT_EXIST as its only error detail. */
export function onlyRoutesMissing(errorLists: readonly (readonly { errorCode: string }[])[]): boolean {
  return (
    errorLists.length > 0 &&
    errorLists.every((details) => details.length === 1 && details[0].errorCode === 'ROUTE_NOT_EXIST')
  );
}

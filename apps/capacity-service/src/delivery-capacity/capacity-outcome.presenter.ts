import { randomUUID } from 'node:crypto';
import {
  CalculateDeliveryCapacityResponse,
  CalculationExplanation,
  CapacityOutcome,
  ExplainedOutcome,
  DeliveryDateLineResponse,
  ROUTES_NOT_FOUND_CODE,
  ROUTES_NOT_FOUND_MESSAGE,
} from '@delivery/capacity-domain';
import { ApiError, validationError } from '@delivery/platform';
import type { ErrorResponseCode } from '@delivery/contracts';

export const invalidRequestMessage = (layout: 'A' | 'B'): string =>
  `The request is invalid (layout ${layout})`;

/**
 * E9: an engine outcome as HTTP — 200 with the layout's response (layout A with a generated UUID when the request
 * had no identifier, E11.6), 404 ROUTES_NOT_FOUND, or 400 VALIDATION_ERROR for the business rules the engine checks.
 * The group plans of layout A (for reservations) are not part of the body.
 */
export function presentOutcome(
  outcome: CapacityOutcome,
  layout: 'A' | 'B',
  newIdentifier: () => string = randomUUID,
): CalculateDeliveryCapacityResponse | DeliveryDateLineResponse[] {
  switch (outcome.kind) {
    case 'invalid':
      throw validationError(outcome.errors, invalidRequestMessage(layout));
    case 'routesNotFound':
      throw new ApiError<ErrorResponseCode>(404, ROUTES_NOT_FOUND_CODE, ROUTES_NOT_FOUND_MESSAGE);
    case 'ok':
      if (outcome.layout === 'B') return outcome.response;
      return { ...outcome.response, identifier: outcome.response.identifier ?? newIdentifier() };
    default:
      return unreachable(outcome);
  }
}

export interface PresentedExplanation {
  calculationStatus: 200 | 404;
  calculation: CalculateDeliveryCapacityResponse | DeliveryDateLineResponse[];
  explanation: CalculationExplanation;
}

/**
 * The explanation endpoint: a 400 exactly as the calculation; otherwise 200 with the calculation's status and
 * body (for 404, the groups behind ROUTES_NOT_FOUND) and the explanation recorded by the same run.
 */
export function presentExplanation(explained: ExplainedOutcome, layout: 'A' | 'B'): PresentedExplanation {
  if (explained.explanation === null)
    throw validationError(explained.outcome.errors, invalidRequestMessage(layout));
  const { outcome, explanation } = explained;
  return {
    calculationStatus: outcome.kind === 'ok' ? 200 : 404,
    calculation: presentOutcome({ ...outcome, kind: 'ok' }, layout),
    explanation,
  };
}

function unreachable(outcome: never): never {
  throw new Error(`unknown outcome ${JSON.stringify(outcome)}`);
}

/**
 * The body of `POST {base}/configuration/preview`: the `PUT` document, plus an optional `previewRequests` member (at
 * most MAX_PREVIEW_REQUESTS layout A calculation requests, each checked as `POST /delivery/capacity` checks one)
 * that is taken out before the document is checked; without it the representative set is used.
 */
import type {
  CalculateDeliveryCapacityRequest,
  CapacityRequest,
  ImpactRequest,
} from '@delivery/capacity-domain';
import { detectLayout } from '@delivery/capacity-domain';
import { ApiError, validationError } from '@delivery/platform';

export const MAX_PREVIEW_REQUESTS = 100;
const MEMBER = 'previewRequests';

export function splitPreviewBody(
  body: unknown,
  check: (request: unknown) => CapacityRequest,
): { document: unknown; requests: ImpactRequest[] | null } {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !(MEMBER in body)) {
    return { document: body, requests: null };
  }
  const { [MEMBER]: given, ...document } = body as Record<string, unknown>;
  if (!Array.isArray(given) || given.length === 0 || given.length > MAX_PREVIEW_REQUESTS) {
    throw validationError([
      { field: MEMBER, message: `must be a list of 1 to ${MAX_PREVIEW_REQUESTS} layout A requests` },
    ]);
  }
  const requests = given.map((request, index): ImpactRequest => {
    const field = `${MEMBER}[${index}]`;
    if (detectLayout(request) !== 'A')
      throw validationError([{ field, message: 'must be a layout A request' }]);
    try {
      const checked = check(request) as CalculateDeliveryCapacityRequest;
      return { identifier: checked.identifier ?? field, request: checked };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const errors = (error.details.errors ?? []) as { field: string; message: string }[];
      throw validationError(
        errors.map((problem) => ({ field: `${field}.${problem.field}`, message: problem.message })),
      );
    }
  });
  return { document, requests };
}

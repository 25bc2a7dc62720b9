import { Injectable, PipeTransform } from '@nestjs/common';
import type { CalculateDeliveryCapacityRequest, ImpactRequest } from '@delivery/capacity-domain';
import { detectLayout } from '@delivery/capacity-domain';
import { ApiError, validationError } from '@delivery/platform';
import { CapacityRequestPipe } from '../delivery-capacity';

const MAX_PREVIEW_REQUESTS = 100;
const MEMBER = 'previewRequests';

/** The preview's body: the document to check as a `PUT` checks it, and the requests to compare (null: one per zone). */
export interface PreviewBody {
  readonly document: unknown;
  readonly requests: ImpactRequest[] | null;
}

/**
 * The body of `POST {base}/configuration/preview`: the `PUT` document, plus an optional `previewRequests` member (at
 * most MAX_PREVIEW_REQUESTS layout A calculation requests, each checked by the calculation's `CapacityRequestPipe`,
 * its problems under `previewRequests[i].`) that is taken out before the document is checked; without it the
 * representative set is used. The document itself is the import's to check (the 400 CONFIGURATION_INVALID list).
 */
@Injectable()
export class ConfigurationPreviewPipe implements PipeTransform<unknown, PreviewBody> {
  constructor(private readonly requestPipe: CapacityRequestPipe) {}

  transform(body: unknown): PreviewBody {
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !(MEMBER in body)) {
      return { document: body, requests: null };
    }
    const { [MEMBER]: given, ...document } = body as Record<string, unknown>;
    if (!Array.isArray(given) || given.length === 0 || given.length > MAX_PREVIEW_REQUESTS) {
      throw validationError([
        { field: MEMBER, message: `must be a list of 1 to ${MAX_PREVIEW_REQUESTS} layout A requests` },
      ]);
    }
    return {
      document,
      requests: given.map((request, index) => this.request(request, `${MEMBER}[${index}]`)),
    };
  }

  private request(request: unknown, field: string): ImpactRequest {
    if (detectLayout(request) !== 'A')
      throw validationError([{ field, message: 'must be a layout A request' }]);
    try {
      const checked = this.requestPipe.transform(request) as CalculateDeliveryCapacityRequest;
      return { identifier: checked.identifier ?? field, request: checked };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const errors = (error.details.errors ?? []) as { field: string; message: string }[];
      throw validationError(
        errors.map((problem) => ({ field: `${field}.${problem.field}`, message: problem.message })),
      );
    }
  }
}

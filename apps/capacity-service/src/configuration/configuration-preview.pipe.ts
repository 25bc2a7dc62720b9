import { Injectable, PipeTransform } from '@nestjs/common';
import type { CalculateDeliveryCapacityRequest, ImpactRequest } from '@delivery/capacity-domain';
import { detectLayout, parseDate } from '@delivery/capacity-domain';
import { BacktestRangeRequest, MAX_BACKTEST_DAYS } from '@delivery/contracts';
import { ApiError, PlainDtoValidator, validationError } from '@delivery/platform';
import { CapacityRequestPipe } from '../delivery-capacity';
import type { BacktestRange } from './promise-backtest';

const MAX_PREVIEW_REQUESTS = 100;
const MEMBER = 'previewRequests';
const BACKTEST = 'backtest';

/** The preview's body: the document to check as a `PUT` checks it, and the requests to compare (null: one per zone). */
export interface PreviewBody {
  readonly document: unknown;
  readonly requests: ImpactRequest[] | null;
  /** the purchase days whose promises to replay; null: no backtest */
  readonly backtest: BacktestRange | null;
}

/**
 * The body of `POST {base}/configuration/preview`: the `PUT` document, plus an optional `previewRequests` member (at
 * most MAX_PREVIEW_REQUESTS layout A calculation requests, each checked by the calculation's `CapacityRequestPipe`,
 * its problems under `previewRequests[i].`) that is taken out before the document is checked; without it the
 * representative set is used; and an optional `backtest` member (`{from, to}`, purchase days, checked by the
 * contract's `BacktestRangeRequest`, its problems under `backtest.`, at most MAX_BACKTEST_DAYS days). The document
 * itself is the import's to check (the 400 CONFIGURATION_INVALID list).
 */
@Injectable()
export class ConfigurationPreviewPipe implements PipeTransform<unknown, PreviewBody> {
  constructor(private readonly requestPipe: CapacityRequestPipe) {}

  private readonly backtestValidator = new PlainDtoValidator(BacktestRangeRequest);

  transform(body: unknown): PreviewBody {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return { document: body, requests: null, backtest: null };
    const { [MEMBER]: given, [BACKTEST]: backtest, ...document } = body as Record<string, unknown>;
    return {
      document,
      requests: MEMBER in body ? this.requests(given) : null,
      backtest: BACKTEST in body ? this.backtest(backtest) : null,
    };
  }

  private requests(given: unknown): ImpactRequest[] {
    if (!Array.isArray(given) || given.length === 0 || given.length > MAX_PREVIEW_REQUESTS) {
      throw validationError([
        { field: MEMBER, message: `must be a list of 1 to ${MAX_PREVIEW_REQUESTS} layout A requests` },
      ]);
    }
    return given.map((request, index) => this.request(request, `${MEMBER}[${index}]`));
  }

  private backtest(given: unknown): BacktestRange {
    const checked = this.backtestValidator.check(given);
    if (!checked.ok)
      throw validationError(
        checked.problems.map(({ field, message }) => ({
          field: field === '' ? BACKTEST : `${BACKTEST}.${field}`,
          message,
        })),
      );
    const { from, to } = checked.value;
    if ((parseDate(to) as number) - (parseDate(from) as number) >= MAX_BACKTEST_DAYS)
      throw validationError([
        { field: `${BACKTEST}.to`, message: `must be at most ${MAX_BACKTEST_DAYS} days from from` },
      ]);
    return { from, to };
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

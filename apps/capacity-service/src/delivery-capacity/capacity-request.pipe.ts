import { Inject, Injectable, PipeTransform } from '@nestjs/common';
import { CapacityRequest, detectLayout } from '@delivery/capacity-domain';
import { CalculateDeliveryCapacityRequest, DeliveryDateRequest } from '@delivery/contracts';
import { PlainDtoValidator, validationError } from '@delivery/platform';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { invalidRequestMessage } from './capacity-outcome.presenter';

/** At most this many problems are listed in a 400 (the message gives the total). */
const MAX_LISTED_PROBLEMS = 100;

/**
 * The body of `POST {base}/delivery/capacity`, as E9 orders it: detect the layout, refuse more items than
 * `MAX_ITEMS_PER_REQUEST`, then validate against that layout's DTO (types, enums, dates, ranges, and any property
 * the layout does not define). The valid body goes on as sent: the domain reads the contract's plain object, and
 * the compiler checks that a contract request is a domain request (no cast; capacity-request.contract-check.ts
 * checks the fields of both sides match).
 */
@Injectable()
export class CapacityRequestPipe implements PipeTransform<unknown, CapacityRequest> {
  private readonly validators = {
    A: new PlainDtoValidator(CalculateDeliveryCapacityRequest),
    B: new PlainDtoValidator(DeliveryDateRequest),
  };

  constructor(@Inject(CAPACITY_CONFIG) private readonly config: CapacityConfig) {}

  transform(body: unknown): CapacityRequest {
    const layout = detectLayout(body);
    const items = typeof body === 'object' && body !== null ? (body as { items?: unknown }).items : undefined;
    const max = this.config.MAX_ITEMS_PER_REQUEST;
    if (Array.isArray(items) && items.length > max) {
      throw validationError(
        [{ field: 'items', message: `must contain at most ${max} items` }],
        invalidRequestMessage(layout),
      );
    }
    const checked = this.validators[layout].check(body);
    if (checked.ok) return checked.value;
    const { problems } = checked;
    throw validationError(
      problems.slice(0, MAX_LISTED_PROBLEMS),
      problems.length > MAX_LISTED_PROBLEMS
        ? `${invalidRequestMessage(layout)} (${problems.length} problems, the first ${MAX_LISTED_PROBLEMS} listed)`
        : invalidRequestMessage(layout),
    );
  }
}

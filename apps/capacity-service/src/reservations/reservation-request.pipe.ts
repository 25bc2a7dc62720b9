import { Inject, Injectable, PipeTransform } from '@nestjs/common';
import { CreateReservationRequest, ReservationIdentifierPath } from '@delivery/contracts';
import { FieldProblem, ParametersPipe, PlainDtoValidator, validationError } from '@delivery/platform';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { INVALID_RESERVATION } from './reservation.errors';

const MAX_LISTED_PROBLEMS = 100;

/** The `{identifier}` of every route of one reservation. */
export const RESERVATION_PATH = new ParametersPipe(ReservationIdentifierPath, {
  message: 'The reservation identifier is invalid',
});

/**
 * The body of `POST {base}/delivery/capacity/reservations`, validated as the calculation's body is (E9): more
 * than `MAX_ITEMS_PER_REQUEST` items in `request` is refused before anything is read, then the DTO's rules (the
 * embedded layout A request included, unknown properties refused with their path), then at most one selection
 * per group. The valid body goes on as sent.
 */
@Injectable()
export class ReservationRequestPipe implements PipeTransform<unknown, CreateReservationRequest> {
  private readonly validator = new PlainDtoValidator(CreateReservationRequest);

  constructor(@Inject(CAPACITY_CONFIG) private readonly config: CapacityConfig) {}

  transform(body: unknown): CreateReservationRequest {
    const max = this.config.MAX_ITEMS_PER_REQUEST;
    const items = (property(property(body, 'request'), 'items') ?? []) as unknown;
    if (Array.isArray(items) && items.length > max)
      throw validationError(
        [{ field: 'request.items', message: `must contain at most ${max} items` }],
        INVALID_RESERVATION,
      );
    const checked = this.validator.check(body);
    const problems = checked.ok ? duplicateGroups(checked.value) : checked.problems;
    if (checked.ok && problems.length === 0) return checked.value;
    throw validationError(
      problems.slice(0, MAX_LISTED_PROBLEMS),
      problems.length > MAX_LISTED_PROBLEMS
        ? `${INVALID_RESERVATION} (${problems.length} problems, the first ${MAX_LISTED_PROBLEMS} listed)`
        : INVALID_RESERVATION,
    );
  }
}

function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** One selection per group (origin, mode, destination): a group is delivered once. */
export function duplicateGroups(body: Pick<CreateReservationRequest, 'selections'>): FieldProblem[] {
  const first = new Map<string, number>();
  const problems: FieldProblem[] = [];
  body.selections.forEach((selection, index) => {
    const key = JSON.stringify([selection.origin, selection.dispatchMode, selection.destination]);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, index);
    else
      problems.push({
        field: `selections[${index}]`,
        message: `selects the same group as selections[${earlier}]`,
      });
  });
  return problems;
}

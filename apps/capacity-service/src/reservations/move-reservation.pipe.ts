import { Injectable, PipeTransform } from '@nestjs/common';
import { MoveReservationRequest } from '@delivery/contracts';
import { PlainDtoValidator, validationError } from '@delivery/platform';
import { duplicateGroups } from './reservation-request.pipe';

export const INVALID_MOVE = 'The move request is invalid';

/** The body of a move: the DTO's rules (unknown properties refused with their path), then one selection per group. */
@Injectable()
export class MoveReservationPipe implements PipeTransform<unknown, MoveReservationRequest> {
  private readonly validator = new PlainDtoValidator(MoveReservationRequest);

  transform(body: unknown): MoveReservationRequest {
    const checked = this.validator.check(body);
    const problems = checked.ok
      ? duplicateGroups({ selections: checked.value.selections ?? [] })
      : checked.problems;
    if (checked.ok && problems.length === 0) return checked.value;
    throw validationError(problems, INVALID_MOVE);
  }
}

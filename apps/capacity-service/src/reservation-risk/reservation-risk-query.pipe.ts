import { Injectable, PipeTransform } from '@nestjs/common';
import { ReservationRiskQuery } from '@delivery/contracts';
import { PlainDtoValidator, validationError } from '@delivery/platform';

const NUMERIC = ['page', 'pageSize'];
const INTEGER = /^-?\d+$/;

/** The query of the at-risk list: integer strings become numbers, then the DTO's rules (unknown parameters refused). */
@Injectable()
export class ReservationRiskQueryPipe implements PipeTransform<unknown, ReservationRiskQuery> {
  private readonly validator = new PlainDtoValidator(ReservationRiskQuery);

  transform(query: unknown): ReservationRiskQuery {
    const values: Record<string, unknown> = { ...(query as Record<string, unknown>) };
    for (const name of NUMERIC) {
      const value = values[name];
      if (typeof value === 'string' && INTEGER.test(value.trim())) values[name] = Number(value);
    }
    const problems = this.validator.validate(values);
    if (problems.length > 0) throw validationError(problems, 'The at-risk query is invalid');
    return values as ReservationRiskQuery;
  }
}

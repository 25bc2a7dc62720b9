import { Injectable, PipeTransform } from '@nestjs/common';
import { CapacityUsageQuery } from '@delivery/contracts';
import { PlainDtoValidator, validationError } from '@delivery/platform';
import { INVALID_USAGE_QUERY } from './get-capacity-usage.use-case';

const NUMERIC = ['minUtilization', 'page', 'pageSize'];
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The query of `GET {base}/capacity/usage`: numeric strings become numbers, then the DTO's rules run (every
 * problem listed, an unknown parameter included). What is left (defaults, the range's length) is the use case's.
 */
@Injectable()
export class CapacityUsageQueryPipe implements PipeTransform<unknown, CapacityUsageQuery> {
  private readonly validator = new PlainDtoValidator(CapacityUsageQuery, {
    unknownPropertyMessage: 'is not a parameter of this operation',
  });

  transform(query: unknown): CapacityUsageQuery {
    const values: Record<string, unknown> = { ...(query as Record<string, unknown>) };
    for (const name of NUMERIC) {
      const value = values[name];
      if (typeof value === 'string' && NUMBER.test(value.trim())) values[name] = Number(value);
    }
    const problems = this.validator.validate(values);
    if (problems.length > 0) throw validationError(problems, INVALID_USAGE_QUERY);
    return values as CapacityUsageQuery;
  }
}

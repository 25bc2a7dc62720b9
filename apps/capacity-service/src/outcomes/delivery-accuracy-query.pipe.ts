import { Injectable, PipeTransform } from '@nestjs/common';
import { DeliveryAccuracyQuery } from '@delivery/contracts';
import { PlainDtoValidator, validationError } from '@delivery/platform';
import { INVALID_ACCURACY_QUERY } from './get-delivery-accuracy.use-case';

const NUMERIC = ['page', 'pageSize'];
const INTEGER = /^-?\d+$/;

/** The query of `GET {base}/delivery/accuracy`: numeric strings become numbers, then the DTO's rules run. */
@Injectable()
export class DeliveryAccuracyQueryPipe implements PipeTransform<unknown, DeliveryAccuracyQuery> {
  private readonly validator = new PlainDtoValidator(DeliveryAccuracyQuery);

  transform(query: unknown): DeliveryAccuracyQuery {
    const values: Record<string, unknown> = { ...(query as Record<string, unknown>) };
    for (const name of NUMERIC) {
      const value = values[name];
      if (typeof value === 'string' && INTEGER.test(value.trim())) values[name] = Number(value);
    }
    const problems = this.validator.validate(values);
    if (problems.length > 0) throw validationError(problems, INVALID_ACCURACY_QUERY);
    return values as DeliveryAccuracyQuery;
  }
}

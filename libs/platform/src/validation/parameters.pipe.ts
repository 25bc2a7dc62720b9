import 'reflect-metadata';
import type { PipeTransform } from '@nestjs/common';
import { validationError } from '../errors/api.error';
import { PlainDtoValidator } from './plain-dto.validator';

/**
 * A number as JSON or a decimal writes it (`5`, `-0.25`, `1e-3`, `.5`, `2.`): what a numeric query parameter may
 * be. Anything else stays text, and the DTO's rule says what is wrong with it.
 */
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export interface ParametersPipeOptions {
  /** the 400's message (default "The request is invalid") */
  message?: string;
}

/**
 * The query (`@Query(pipe)`) or the path parameters (`@Param(pipe)`) of an operation, read as its DTO says, as a
 * body is (`PlainDtoValidator`): a parameter the DTO declares a `number` becomes that number when its text is one
 * (any JSON or decimal form), then the DTO's rules run; every problem is listed in one 400 VALIDATION_ERROR, a
 * parameter the operation does not define included ("is not an accepted property"). The value passed on
 * is the plain object, its numbers converted.
 */
export class ParametersPipe<T extends object> implements PipeTransform<unknown, T> {
  private readonly validator: PlainDtoValidator<T>;
  private readonly numeric: ReadonlySet<string>;
  private readonly message: string | undefined;

  constructor(target: abstract new (...args: never[]) => T, options: ParametersPipeOptions = {}) {
    this.validator = new PlainDtoValidator(target);
    this.numeric = new Set(
      this.validator
        .propertyNames()
        .filter((name) => Reflect.getMetadata('design:type', target.prototype as object, name) === Number),
    );
    this.message = options.message;
  }

  transform(parameters: unknown): T {
    const values: Record<string, unknown> = { ...(parameters as Record<string, unknown>) };
    for (const name of this.numeric) {
      const value = values[name];
      if (typeof value === 'string' && NUMBER.test(value.trim())) values[name] = Number(value);
    }
    const checked = this.validator.check(values);
    if (checked.ok) return checked.value;
    throw validationError(checked.problems, this.message);
  }
}

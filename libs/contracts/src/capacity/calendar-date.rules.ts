/**
 * Date rules of the DTOs: real calendar dates `YYYY-MM-DD` as instant.parser.ts reads them (E9), and a range's end
 * not before its start.
 */
import { ValidateBy, ValidationArguments, ValidationOptions } from 'class-validator';
import { DATE_PROBLEM, INSTANT_PROBLEM, isCalendarDate, isInstant } from '../instant.parser';

export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value) => isCalendarDate(value),
        defaultMessage: () => DATE_PROBLEM,
      },
    },
    options,
  );
}

/** The date is not before the date in `property` (checked only when both are dates). */
export function IsNotBefore(property: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotBefore',
      constraints: [property],
      validator: {
        validate: (value, args?: ValidationArguments) => {
          const other = (args?.object as Record<string, unknown> | undefined)?.[property];
          return !isCalendarDate(value) || !isCalendarDate(other) || value >= other;
        },
        defaultMessage: () => '$property must not be before $constraint1',
      },
    },
    options,
  );
}

/** An instant with its offset, as instant.parser.ts reads it. */
export function IsInstant(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isInstant',
      validator: { validate: (value) => isInstant(value), defaultMessage: () => INSTANT_PROBLEM },
    },
    options,
  );
}

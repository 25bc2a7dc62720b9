/** Date rules of the capacity request: real calendar dates `YYYY-MM-DD` (E9), and `rangeEnd` not before `rangeStart`. */
import { ValidateBy, ValidationArguments, ValidationOptions } from 'class-validator';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a day that exists (2026-02-30 does not). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value) => isCalendarDate(value),
        defaultMessage: () => '$property must be a date YYYY-MM-DD',
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

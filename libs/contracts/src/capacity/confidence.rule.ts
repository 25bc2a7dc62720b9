/** A confidence a promise may be kept with (docs/learning.md): 0.50 to 0.99 in steps of 0.01. */
import { ValidateBy, ValidationOptions } from 'class-validator';

/** The same words as the configuration's `settings.promiseConfidence` problems. */
export const CONFIDENCE_PROBLEM = 'must be a number from 0.50 to 0.99 in steps of 0.01';

export function isConfidence(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  const hundredths = Math.round(value * 100);
  return Math.abs(value * 100 - hundredths) <= 1e-9 && hundredths >= 50 && hundredths <= 99;
}

export function IsConfidence(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isConfidence',
      validator: { validate: (value) => isConfidence(value), defaultMessage: () => CONFIDENCE_PROBLEM },
    },
    options,
  );
}

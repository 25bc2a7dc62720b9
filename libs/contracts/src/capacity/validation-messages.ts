import type { ValidationOptions } from 'class-validator';

/** Messages where class-validator's default reads poorly in a 400 (`field` already names the property). */
export const MUST_BE_NUMBER: ValidationOptions = { message: '$property must be a number' };
export const AT_LEAST_ONE_ITEM: ValidationOptions = { message: '$property must contain at least one item' };
export const MUST_NOT_BE_EMPTY: ValidationOptions = { message: '$property must not be empty' };
export const MUST_BE_GREATER_THAN_ZERO: ValidationOptions = { message: '$property must be greater than 0' };

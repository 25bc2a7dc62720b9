/** The path and query parameters of the version operations, checked before any work. */
import { ApiError } from '@delivery/platform';
import type { ErrorResponseCode } from '@delivery/contracts';
import { versionNotFound } from './configuration-versions';

const POSITIVE = /^[1-9][0-9]{0,14}$/;

/** A page of the history: at most this many versions, 20 unless `limit` says. */
export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 20;
/** Entries per list of a comparison or preview, 100 unless `limit` says. */
export const CHANGES_LIMIT = 100;
export const MAX_CHANGES_LIMIT = 1000;

/** `{version}` of the path: a version number, else no such version (404). */
export function versionParam(text: string): number {
  if (!POSITIVE.test(text)) throw versionNotFound(text);
  return Number(text);
}

/** An optional positive integer of the query (at most `max`); 400 VALIDATION_ERROR otherwise. */
export function positiveQuery(
  field: string,
  text: string | undefined,
  max = Number.MAX_SAFE_INTEGER,
): number | null {
  if (text === undefined) return null;
  if (POSITIVE.test(text) && Number(text) <= max) return Number(text);
  const message =
    max === Number.MAX_SAFE_INTEGER ? 'must be a positive integer' : `must be an integer from 1 to ${max}`;
  throw invalidQuery(field, message);
}

/** A positive integer the query must carry; 400 VALIDATION_ERROR when it is missing or not one. */
export function requiredQuery(field: string, text: string | undefined): number {
  const value = positiveQuery(field, text);
  if (value === null) throw invalidQuery(field, 'is required');
  return value;
}

function invalidQuery(field: string, message: string): ApiError<ErrorResponseCode> {
  return new ApiError<ErrorResponseCode>(400, 'VALIDATION_ERROR', 'The request is invalid', {
    errors: [{ field, message }],
  });
}

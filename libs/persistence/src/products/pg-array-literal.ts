/**
 * Postgres array literals (`{"a","b\"c",NULL}`, `{1.5,2,NULL}`) built in one pass, sent as a text parameter and
 * cast in SQL (`$1::text[]`). node-postgres's generic serialiser inspects and escapes every element through
 * several calls and two regular-expression replacements; for a batch's ~30,000 values that was most of the
 * worker's JavaScript time per batch. Postgres parses the same literal either way (`array_in`).
 */
const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/** Text elements, each quoted (so empty strings, spaces, commas, braces and `NULL` stay text); null is NULL. */
export function textArrayLiteral(values: readonly (string | null | undefined)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) literal += ',';
    const value = values[i];
    if (value === null || value === undefined) literal += 'NULL';
    else literal += `"${NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, '\\$&') : value}"`;
  }
  return `${literal}}`;
}

/**
 * Finite numbers (float8 or int4 columns) in JavaScript's shortest round-trip form, which Postgres reads back as
 * the same double; null is NULL. A non-finite number is refused (the validators never let one through).
 */
export function numberArrayLiteral(values: readonly (number | null | undefined)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) literal += ',';
    const value = values[i];
    if (value === null || value === undefined) literal += 'NULL';
    else if (Number.isFinite(value)) literal += String(value);
    else throw new RangeError(`${value} cannot be stored (not a finite number)`);
  }
  return `${literal}}`;
}

/** Booleans as `t`/`f`; null is NULL. */
export function booleanArrayLiteral(values: readonly (boolean | null | undefined)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) literal += ',';
    const value = values[i];
    literal += value === null || value === undefined ? 'NULL' : value ? 't' : 'f';
  }
  return `${literal}}`;
}

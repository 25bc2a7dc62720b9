/**
 * Postgres array literals (`{"a","b\"c",NULL}`, `{1.5,2,NULL}`), sent as one text parameter and cast in SQL
 * (`$1::text[]`). node-postgres's generic serialiser inspects and escapes every element through several calls and
 * two regular-expression replacements and concatenates piece by piece; for a batch's ~30,000 values that was most of
 * the worker's JavaScript time per batch. Here a column whose values need no escaping (the usual case) is one
 * `join` of the values themselves: one flat string, no string per element, little for the garbage collector.
 * Postgres parses the same literal either way (`array_in`).
 */
const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/** Text elements, each quoted (so empty strings, spaces, commas, braces and `NULL` stay text); null is NULL. */
export function textArrayLiteral(values: readonly (string | null | undefined)[]): string {
  if (values.length === 0) return '{}';
  let plain = true;
  for (const value of values) {
    if (value === null || value === undefined || NEEDS_ESCAPE.test(value)) {
      plain = false;
      break;
    }
  }
  if (plain) return `{"${values.join('","')}"}`;
  const elements = values.map((value) =>
    value === null || value === undefined
      ? 'NULL'
      : `"${NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, '\\$&') : value}"`,
  );
  return `{${elements.join(',')}}`;
}

/**
 * Finite numbers (float8 or int4 columns) in JavaScript's shortest round-trip form, which Postgres reads back as
 * the same double; null is NULL. A non-finite number is refused (the validators never let one through).
 */
export function numberArrayLiteral(values: readonly (number | null | undefined)[]): string {
  let nulls = false;
  for (const value of values) {
    if (value === null || value === undefined) nulls = true;
    else if (!Number.isFinite(value)) throw new RangeError(`${value} cannot be stored (not a finite number)`);
  }
  if (!nulls) return `{${values.join(',')}}`;
  return `{${values.map((value) => (value === null || value === undefined ? 'NULL' : String(value))).join(',')}}`;
}

/** Booleans as `t`/`f`; null is NULL. */
export function booleanArrayLiteral(values: readonly (boolean | null | undefined)[]): string {
  return `{${values.map((value) => (value === null || value === undefined ? 'NULL' : value ? 't' : 'f')).join(',')}}`;
}

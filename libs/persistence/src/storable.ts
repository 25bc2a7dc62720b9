/**
 * What Postgres can store, the one definition every context checks its input against before it writes or reads:
 * `text` holds no NUL character, and our UTF-8 database no unpaired surrogate (a lone half of a UTF-16 pair has no
 * UTF-8 encoding); `date` starts at 0001-01-01. (The product contract states the text rule as a JSON Schema pattern,
 * `STORABLE_TEXT_PATTERN`; products-data-access's storable-text.spec.ts holds the two equal.)
 */
export const FIRST_STORABLE_DATE = '0001-01-01';

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

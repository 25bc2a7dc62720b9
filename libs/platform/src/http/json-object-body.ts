/**
 * A JSON object body of tens of MB (a configuration document) parsed a slice per turn of the event loop: the scan
 * (json-object-scan.ts) locates the object's members and each array member's elements, then every element is
 * parsed on its own, about `sliceBytes` of them per turn. One `JSON.parse` of a 46 MB body held the event loop for
 * 405–430 ms; here no step holds it for more than a few ms, except a single member that is not an array, parsed
 * whole. The result is exactly what `JSON.parse` of the whole body gives (member order, a repeated key's last
 * value, `__proto__` as an own member).
 */
import { type JsonScanOptions, MALFORMED, nextTurn, scanJsonObject } from './json-object-scan';

/** Bytes parsed per turn of the event loop by default: 256 KiB, about 2–3 ms of `JSON.parse`. */
const PARSE_SLICE_BYTES = 256 * 1024;

/**
 * The object the body holds, or `undefined` when the body is not UTF-8 or not an object (parse it whole then: the
 * same answer, valid or not). A body that opens an object and is not valid JSON throws `SyntaxError`, found by the
 * scan or by the parse of one value, never by a parse of the whole body.
 */
export async function parseJsonObjectInSlices(
  body: Buffer,
  options: JsonScanOptions = {},
): Promise<Record<string, unknown> | undefined> {
  const members = await scanJsonObject(body, options);
  if (members === MALFORMED) throw new SyntaxError('malformed JSON');
  if (members === undefined) return undefined;
  const sliceBytes = options.sliceBytes ?? PARSE_SLICE_BYTES;
  const yieldTurn = options.yieldTurn ?? nextTurn;
  let parsed = 0;
  const parse = (start: number, end: number): unknown => {
    parsed += end - start;
    return JSON.parse(body.toString('utf8', start, end)) as unknown;
  };
  const object: Record<string, unknown> = {};
  for (const { key, value, elements } of members) {
    let parsedValue: unknown;
    if (elements === null) parsedValue = parse(value[0], value[1]);
    else {
      const list: unknown[] = [];
      for (let i = 0; i < elements.length; i += 2) {
        if (parsed >= sliceBytes) {
          await yieldTurn();
          parsed = 0;
        }
        list.push(parse(elements[i], elements[i + 1]));
      }
      parsedValue = list;
    }
    // as JSON.parse does: an own member even for `__proto__`, the last value of a repeated key in its first place
    Object.defineProperty(object, key, {
      value: parsedValue,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

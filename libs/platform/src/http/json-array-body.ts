import { isUtf8 } from 'node:buffer';

/**
 * Large bodies of the shape `{"<field>": [ … ]}` (an upload of thousands of products): a linear scan finds each
 * element's bytes (strings and nesting are tracked, nothing is decoded or parsed), a slice of the body per turn of
 * the event loop. The elements are parsed later, one at a time, by whoever reads them: a service can parse,
 * check and drop each element in turn (no object graph of the whole body kept alive while it works, so far less
 * garbage collection) and forward an element by copying its bytes instead of serialising it again.
 *
 * `JSON.parse` of an element gives exactly what `JSON.parse` of the whole body gives for it. Anything the scan does
 * not recognise — another top-level key, an escaped key, bytes that are not UTF-8, structure it cannot follow — is
 * not handled here (`undefined`) and the caller parses the body whole as usual. An element that is not valid JSON
 * is only found when it is parsed (`SyntaxError`): the body as a whole is then not valid JSON.
 */
export class JsonArrayElements {
  constructor(
    private readonly body: Buffer,
    /** `[start0, end0, start1, end1, …]` */
    private readonly ranges: Uint32Array,
  ) {}

  get length(): number {
    return this.ranges.length / 2;
  }

  /** The UTF-8 JSON text of element `index`: a view of the request body, not a copy. */
  source(index: number): Buffer {
    this.check(index);
    return this.body.subarray(this.ranges[2 * index], this.ranges[2 * index + 1]);
  }

  /** Bytes of element `index` (no view made). */
  byteLength(index: number): number {
    this.check(index);
    return this.ranges[2 * index + 1] - this.ranges[2 * index];
  }

  /** `JSON.parse` of element `index`; a `SyntaxError` when it is not valid JSON. */
  parse(index: number): unknown {
    this.check(index);
    return JSON.parse(
      this.body.toString('utf8', this.ranges[2 * index], this.ranges[2 * index + 1]),
    ) as unknown;
  }

  private check(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.length)
      throw new RangeError(`no element ${index}`);
  }
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (byte: number) => byte === SPACE || byte === LF || byte === CR || byte === TAB;

function skipSpace(body: Buffer, position: number): number {
  while (position < body.length && isSpace(body[position])) position++;
  return position;
}

/**
 * The value starting at `start`: its end (exclusive, trailing white space excluded) and the position of the `,` or
 * closing `]` after it, found outside strings and nested values; `undefined` when the body ends first. Brackets
 * are only counted, not matched: `JSON.parse` of the element rejects anything malformed.
 */
function valueEnd(body: Buffer, start: number): { end: number; next: number } | undefined {
  let depth = 0;
  let position = start;
  const length = body.length;
  while (position < length) {
    const byte = body[position];
    if (byte === QUOTE) {
      position++;
      while (position < length) {
        const inner = body[position];
        if (inner === BACKSLASH) position += 2;
        else if (inner === QUOTE) break;
        else position++;
      }
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (depth === 0) break;
      depth--;
    } else if (byte === COMMA && depth === 0) {
      break;
    }
    position++;
  }
  if (position >= length) return undefined;
  let end = position;
  while (end > start && isSpace(body[end - 1])) end--;
  return { end, next: position };
}

/** Position just after `{ "<field>" : [` (white space allowed between), or -1. */
function arrayStart(body: Buffer, key: Buffer): number {
  let position = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0; // UTF-8 byte order mark
  position = skipSpace(body, position);
  if (body[position] !== OPEN_BRACE) return -1;
  position = skipSpace(body, position + 1);
  if (!body.subarray(position, position + key.length).equals(key)) return -1;
  position = skipSpace(body, position + key.length);
  if (body[position] !== COLON) return -1;
  position = skipSpace(body, position + 1);
  if (body[position] !== OPEN_BRACKET) return -1;
  return position + 1;
}

export interface JsonArrayScanOptions {
  /** Bytes scanned per turn of the event loop. Default 1 MiB (about 2 ms). */
  readonly sliceBytes?: number;
  /** Lets the event loop run; default `setImmediate`. */
  readonly yieldTurn?: () => Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The elements of a body that is exactly one object with one key `field` whose value is an array (white space and
 * a byte order mark allowed), located but not parsed; `undefined` for any other body (parse it whole then).
 */
export async function scanJsonArrayBody(
  body: Buffer,
  field: string,
  options: JsonArrayScanOptions = {},
): Promise<JsonArrayElements | undefined> {
  const sliceBytes = options.sliceBytes ?? 1024 * 1024;
  const yieldTurn = options.yieldTurn ?? nextTurn;
  if (body.length > 0xffffffff || !isUtf8(body)) return undefined;
  let position = arrayStart(body, Buffer.from(JSON.stringify(field)));
  if (position < 0) return undefined;
  const ranges: number[] = [];
  position = skipSpace(body, position);
  let closed = body[position] === CLOSE_BRACKET;
  if (closed) position++;
  let sliceStart = position;
  while (!closed) {
    if (position - sliceStart >= sliceBytes) {
      await yieldTurn();
      sliceStart = position;
    }
    const start = skipSpace(body, position);
    const value = valueEnd(body, start);
    if (!value || value.end === start) return undefined;
    ranges.push(start, value.end);
    closed = body[value.next] === CLOSE_BRACKET;
    position = value.next + 1;
  }
  position = skipSpace(body, position);
  if (body[position] !== CLOSE_BRACE || skipSpace(body, position + 1) !== body.length) return undefined;
  return new JsonArrayElements(body, Uint32Array.from(ranges));
}

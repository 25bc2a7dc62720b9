/**
 * A linear scan that locates the members of a JSON object body, and the elements of each member that is an
 * array, without decoding or parsing anything (strings and nesting are tracked), a slice of the body per turn of
 * the event loop. What it does not recognise — bytes that are not UTF-8, anything but one object, structure it
 * cannot follow — gives `undefined`, and the caller parses the body whole as usual. Brackets are counted, not
 * matched: `JSON.parse` of a located value rejects anything malformed inside it.
 */
import { isUtf8 } from 'node:buffer';

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

/** Position just after the closing quote of the string opening at `start`, or -1 when the body ends first. */
function stringEnd(body: Buffer, start: number): number {
  let position = start + 1;
  while (position < body.length) {
    const byte = body[position];
    if (byte === BACKSLASH) position += 2;
    else if (byte === QUOTE) return position + 1;
    else position++;
  }
  return -1;
}

/**
 * The value starting at `start`: its end (exclusive, trailing white space excluded) and the position of the `,`,
 * `]` or `}` after it, found outside strings and nested values; `undefined` when the body ends first. Brackets are
 * only counted, not matched: `JSON.parse` of the value rejects anything malformed.
 */
function valueEnd(body: Buffer, start: number): { end: number; next: number } | undefined {
  let depth = 0;
  let position = start;
  const length = body.length;
  while (position < length) {
    const byte = body[position];
    if (byte === QUOTE) {
      position = stringEnd(body, position);
      if (position < 0) return undefined;
      continue;
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

export interface JsonScanOptions {
  /** Bytes scanned per turn of the event loop. Default 1 MiB (about 2 ms). */
  readonly sliceBytes?: number;
  /** Lets the event loop run; default `setImmediate`. */
  readonly yieldTurn?: () => Promise<void>;
}

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A member of the object: its key (decoded) and where its value is; for an array, where each element is. */
export interface JsonMember {
  readonly key: string;
  /** `[start, end)` of the value */
  readonly value: readonly [number, number];
  /** `[start0, end0, start1, end1, …]` of the elements when the value is an array, else null */
  readonly elements: Uint32Array | null;
}

/** What a scan found that no parse can accept. */
export const MALFORMED = Symbol('malformed JSON');

/**
 * The members of a body that is exactly one JSON object (white space and a byte order mark allowed); `MALFORMED`
 * for a body that opens an object and is not valid JSON (no parse of it can succeed); `undefined` for any other
 * body: not UTF-8, or not an object (a parse of the whole body decides what it is).
 */
export async function scanJsonObject(
  body: Buffer,
  options: JsonScanOptions = {},
): Promise<JsonMember[] | typeof MALFORMED | undefined> {
  if (body.length > 0xffffffff || !isUtf8(body)) return undefined;
  const slices = {
    bytes: options.sliceBytes ?? 1024 * 1024,
    yieldTurn: options.yieldTurn ?? nextTurn,
    start: 0,
  };
  const position = skipSpace(body, body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0);
  if (body[position] !== OPEN_BRACE) return undefined;
  const members = await membersFrom(body, skipSpace(body, position + 1), slices);
  return members ?? MALFORMED;
}

/** The members from just after the object's `{`; `undefined` where the body is not valid JSON. */
async function membersFrom(
  body: Buffer,
  first: number,
  slices: { bytes: number; yieldTurn: () => Promise<void>; start: number },
): Promise<JsonMember[] | undefined> {
  let position = first;
  const members: JsonMember[] = [];
  let closed = body[position] === CLOSE_BRACE;
  if (closed) position = skipSpace(body, position + 1);
  while (!closed) {
    if (body[position] !== QUOTE) return undefined;
    const keyEnd = stringEnd(body, position);
    if (keyEnd < 0) return undefined;
    const key = decodedKey(body.toString('utf8', position, keyEnd));
    if (key === undefined) return undefined;
    position = skipSpace(body, keyEnd);
    if (body[position] !== COLON) return undefined;
    const start = skipSpace(body, position + 1);
    const member = body[start] === OPEN_BRACKET ? await arrayAt(body, start, slices) : valueAt(body, start);
    if (member === undefined) return undefined;
    members.push({ key, value: [start, member.end], elements: member.elements });
    position = skipSpace(body, member.end);
    closed = body[position] === CLOSE_BRACE;
    if (!closed && body[position] !== COMMA) return undefined;
    position = skipSpace(body, position + 1);
  }
  return position === body.length ? members : undefined;
}

function decodedKey(text: string): string | undefined {
  try {
    return JSON.parse(text) as string;
  } catch {
    return undefined;
  }
}

interface Located {
  end: number;
  elements: Uint32Array | null;
}

/** A member's value that is not an array, followed by `,` or by the object's `}`. */
function valueAt(body: Buffer, start: number): Located | undefined {
  const value = valueEnd(body, start);
  if (!value || value.end === start) return undefined;
  const delimiter = body[value.next];
  return delimiter === COMMA || delimiter === CLOSE_BRACE ? { end: value.end, elements: null } : undefined;
}

/** The array opening at `start`: where each element is, and the end of the array (just after its `]`). */
async function arrayAt(
  body: Buffer,
  start: number,
  slices: { bytes: number; yieldTurn: () => Promise<void>; start: number },
): Promise<Located | undefined> {
  const ranges: number[] = [];
  let position = skipSpace(body, start + 1);
  let closed = body[position] === CLOSE_BRACKET;
  while (!closed) {
    if (position - slices.start >= slices.bytes) {
      await slices.yieldTurn();
      slices.start = position;
    }
    const element = skipSpace(body, position);
    const value = valueEnd(body, element);
    if (!value || value.end === element) return undefined;
    const delimiter = body[value.next];
    if (delimiter !== COMMA && delimiter !== CLOSE_BRACKET) return undefined;
    ranges.push(element, value.end);
    closed = delimiter === CLOSE_BRACKET;
    position = closed ? value.next : value.next + 1;
  }
  return { end: position + 1, elements: Uint32Array.from(ranges) };
}

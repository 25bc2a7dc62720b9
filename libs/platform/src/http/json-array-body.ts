import { type JsonScanOptions, scanJsonObject } from './json-object-scan';

/**
 * Large bodies of the shape `{"<field>": [ … ]}` (an upload of thousands of products): a linear scan finds each
 * element's bytes (json-object-scan.ts: strings and nesting are tracked, nothing is decoded or parsed), a slice of
 * the body per turn of the event loop. The elements are parsed later, one at a time, by whoever reads them: a
 * service can parse, check and drop each element in turn (no object graph of the whole body kept alive while it
 * works, so far less garbage collection) and forward an element by copying its bytes instead of serialising it
 * again.
 *
 * `JSON.parse` of an element gives exactly what `JSON.parse` of the whole body gives for it. Anything the scan does
 * not recognise — another top-level key, bytes that are not UTF-8, structure it cannot follow — is not handled
 * here (`undefined`) and the caller parses the body whole as usual. An element that is not valid JSON is only
 * found when it is parsed (`SyntaxError`): the body as a whole is then not valid JSON.
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

/**
 * The elements of a body that is exactly one object with one key `field` whose value is an array (white space and
 * a byte order mark allowed), located but not parsed; `undefined` for any other body (parse it whole then).
 */
export async function scanJsonArrayBody(
  body: Buffer,
  field: string,
  options: JsonScanOptions = {},
): Promise<JsonArrayElements | undefined> {
  const members = await scanJsonObject(body, options);
  if (!Array.isArray(members) || members.length !== 1) return undefined;
  const [{ key, elements }] = members;
  return key === field && elements !== null ? new JsonArrayElements(body, elements) : undefined;
}

import { JsonArrayElements, scanJsonArrayBody } from './json-array-body';

const scan = (text: string | Buffer, sliceBytes?: number) =>
  scanJsonArrayBody(typeof text === 'string' ? Buffer.from(text) : text, 'products', { sliceBytes });

const each = <T>(elements: JsonArrayElements, read: (index: number) => T): T[] =>
  Array.from({ length: elements.length }, (_, index) => read(index));

describe('scanJsonArrayBody: the elements of {"products": [ … ]}, located a slice at a time', () => {
  const elements = [
    { productCode: 'P-1', description: 'Detergente líquido — 3 L', price: 39.9, barcodes: [] },
    { productCode: 'P-2', text: 'quotes " and \\ backslash, ] brackets [ } braces { , commas', n: -0.5e-3 },
    { productCode: 'P-3', emoji: '😀', escaped: '\u0001\n\t', nested: [[1, [2]], { a: { b: [] } }] },
    7,
    'a string',
    null,
    [1, 2],
    true,
  ];

  it.each([
    ['compact', JSON.stringify({ products: elements })],
    ['pretty', JSON.stringify({ products: elements }, null, 2)],
    [
      'with a byte order mark and surrounding white space',
      `\uFEFF \r\n\t${JSON.stringify({ products: elements })}\n `,
    ],
  ])('%s: each element parses to what JSON.parse of the whole body gives', async (_case, text) => {
    for (const sliceBytes of [1, 100, 1024 * 1024]) {
      const found = (await scan(text, sliceBytes)) as JsonArrayElements;
      expect(found).toBeInstanceOf(JsonArrayElements);
      const whole = (JSON.parse(text.replace(/^\uFEFF/, '')) as { products: unknown[] }).products;
      expect(each(found, (index) => found.parse(index))).toEqual(whole);
      expect(each(found, (index) => JSON.parse(found.source(index).toString('utf8')) as unknown)).toEqual(
        elements,
      );
    }
  });

  it('keeps the exact bytes of each element (white space inside kept, around dropped)', async () => {
    const found = (await scan('{ "products" : [ {"a": 1,  "b": "x"} ,\n  2 ] }')) as JsonArrayElements;
    expect(each(found, (index) => found.source(index).toString('utf8'))).toEqual([
      '{"a": 1,  "b": "x"}',
      '2',
    ]);
    expect(() => found.source(2)).toThrow(RangeError);
  });

  it('a key written with escapes is the same key', async () => {
    const found = (await scan('{"\\u0070roducts": [1]}')) as JsonArrayElements;
    expect(each(found, (index) => found.parse(index))).toEqual([1]);
  });

  it('an empty array', async () => {
    expect((await scan('{"products": [ ]}'))?.length).toBe(0);
  });

  it('lets the event loop run between slices', async () => {
    let turns = 0;
    const text = JSON.stringify({
      products: Array.from({ length: 10 }, (_, i) => ({ i, pad: 'x'.repeat(100) })),
    });
    await scanJsonArrayBody(Buffer.from(text), 'products', {
      sliceBytes: 250,
      yieldTurn: async () => {
        turns += 1;
      },
    });
    expect(turns).toBe(3); // 10 elements of ~120 bytes, slices of 250 bytes: 3 + 3 + 3 + 1, a turn between slices
  });

  it.each([
    ['an element with a leading zero', '{"products": [{"a": 01}]}'],
    ['two values in one element', '{"products": [1 2]}'],
    ['mismatched brackets', '{"products": [{"a": [1}]]}'],
  ])('%s: located, and parsing that element throws SyntaxError', async (_case, text) => {
    const found = (await scan(text)) as JsonArrayElements;
    expect(() => found.parse(found.length - 1)).toThrow(SyntaxError);
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError); // the body as a whole is not JSON either
  });

  it.each([
    ['another key before', '{"x": 1, "products": [1]}'],
    ['another key after', '{"products": [1], "x": 1}'],
    ['the key twice', '{"products": [1], "products": [2]}'],
    ['not an array', '{"products": {"a": 1}}'],
    ['a top-level array', '[{"products": [1]}]'],
    ['an empty body', ''],
    ['a trailing comma', '{"products": [1, 2,]}'],
    ['an empty element', '{"products": [1,,2]}'],
    ['a brace closing an element', '{"products": [1}, 2]}'],
    ['a bracket closing the object', '{"products": [1]]'],
    ['an unterminated string', '{"products": ["abc]}'],
    ['an unclosed array', '{"products": [1, 2'],
    ['an unclosed object', '{"products": [1]'],
    ['text after the object', '{"products": [1]} x'],
  ])('%s: not handled (undefined), the caller parses the body whole', async (_case, text) => {
    await expect(scan(text)).resolves.toBeUndefined();
  });

  it('bytes that are not UTF-8: not handled', async () => {
    const body = Buffer.concat([Buffer.from('{"products": ["a'), Buffer.from([0xff]), Buffer.from('"]}')]);
    await expect(scan(body)).resolves.toBeUndefined();
  });
});

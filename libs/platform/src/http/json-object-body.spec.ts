import { parseJsonObjectInSlices } from './json-object-body';
import { scanJsonObject } from './json-object-scan';

const parse = (text: string | Buffer, sliceBytes?: number) =>
  parseJsonObjectInSlices(typeof text === 'string' ? Buffer.from(text) : text, { sliceBytes });

describe('parseJsonObjectInSlices: a JSON object body parsed an element at a time', () => {
  const document = {
    settings: { timezone: 'America/Lima', wholesale: { unitsThreshold: 10 } },
    nodes: [
      { code: 'CD01', name: 'Centro — Lima', holidays: ['2026-12-25'], address: null },
      { code: 'TD"1', text: 'quotes " and \\ backslash, ] brackets [ } braces { , commas', n: -0.5e-3 },
      { code: 'P-3', emoji: '😀', escaped: '\u0001\n\t', nested: [[1, [2]], { a: { b: [] } }] },
    ],
    zones: [],
    routes: [7, 'a string', null, [1, 2], true],
    version: 3,
    name: 'national',
    active: false,
    empty: {},
  };

  it.each([
    ['compact', JSON.stringify(document)],
    ['pretty', JSON.stringify(document, null, 2)],
    ['with a byte order mark and surrounding white space', `\uFEFF \r\n\t${JSON.stringify(document)}\n `],
  ])('%s: what JSON.parse of the whole body gives, members in order', async (_case, text) => {
    for (const sliceBytes of [1, 100, undefined]) {
      const parsed = await parse(text, sliceBytes);
      expect(parsed).toEqual(document);
      expect(Object.keys(parsed ?? {})).toEqual(Object.keys(document));
    }
  });

  it('an empty object, and empty arrays', async () => {
    await expect(parse(' { } ')).resolves.toEqual({});
    await expect(parse('{"a": [ ], "b": []}')).resolves.toEqual({ a: [], b: [] });
  });

  it('a repeated key keeps its last value in its first place, as JSON.parse does', async () => {
    const text = '{"a": [1], "b": 2, "a": [3]}';
    const parsed = await parse(text);
    expect(parsed).toEqual(JSON.parse(text));
    expect([Object.keys(parsed ?? {}), parsed?.a]).toEqual([['a', 'b'], [3]]);
  });

  it('`__proto__` is an own member, not the prototype, as JSON.parse makes it', async () => {
    const parsed = await parse('{"__proto__": [{"polluted": true}], "x": 1}');
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value).toEqual([{ polluted: true }]);
  });

  it('lets the event loop run between slices of the scan and of the parse', async () => {
    let turns = 0;
    const elements = Array.from({ length: 10 }, (_, i) => ({ i, pad: 'x'.repeat(100) }));
    const text = JSON.stringify({ routes: elements });
    const parsed = await parseJsonObjectInSlices(Buffer.from(text), {
      sliceBytes: 250,
      yieldTurn: async () => {
        turns += 1;
      },
    });
    expect(parsed).toEqual({ routes: elements });
    // 10 elements of ~120 bytes, slices of 250 bytes: 3 turns while scanning, 3 while parsing (after 3, 6, 9)
    expect(turns).toBe(6);
  });

  it.each([
    ['an element with a leading zero', '{"routes": [{"a": 01}]}'],
    ['two values in one element', '{"routes": [1 2]}'],
    ['mismatched brackets in an element', '{"routes": [{"a": [1}]]}'],
    ['a member that is not JSON', '{"settings": {"a": tru}}'],
    ['a trailing comma between members', '{"a": 1,}'],
    ['a trailing comma in an array', '{"routes": [1, 2,]}'],
    ['an empty element', '{"routes": [1,,2]}'],
    ['a bracket closing the object', '{"a": 1]'],
    ['a brace closing an element', '{"routes": [1}, 2]}'],
    ['a key that is not a string', '{a: 1}'],
    ['a missing colon', '{"a" 1}'],
    ['an unterminated key', '{"a'],
    ['an unterminated string value', '{"a": "b}'],
    ['an unclosed array', '{"routes": [1, 2'],
    ['an unclosed object', '{"routes": [1]'],
    ['text after the object', '{"routes": [1]} x'],
  ])('%s: SyntaxError, as JSON.parse of the whole body, without parsing it whole', async (_case, text) => {
    await expect(parse(text)).rejects.toThrow(SyntaxError);
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
    // found by the scan (MALFORMED) or by the parse of one located value: never left to a parse of the whole body
    await expect(scanJsonObject(Buffer.from(text))).resolves.not.toBeUndefined();
  });

  it.each([
    ['a top-level array', '[{"routes": [1]}]'],
    ['a string', '"routes"'],
    ['an empty body', ''],
    ['a number', ' 7 '],
  ])('%s: not an object, not handled (undefined): the caller parses the body whole', async (_case, text) => {
    await expect(parse(text)).resolves.toBeUndefined();
  });

  it('bytes that are not UTF-8: not handled', async () => {
    const body = Buffer.concat([Buffer.from('{"routes": ["a'), Buffer.from([0xff]), Buffer.from('"]}')]);
    await expect(parse(body)).resolves.toBeUndefined();
  });
});

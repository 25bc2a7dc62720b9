import { booleanArrayLiteral, numberArrayLiteral, textArrayLiteral } from './pg-array-literal';

describe('Postgres array literals', () => {
  it('text: every element quoted, quotes and backslashes escaped, null as NULL', () => {
    expect(textArrayLiteral(['a', '', 'NULL', 'say "hi"', 'c:\\dir', '{x}, y', null, undefined])).toBe(
      '{"a","","NULL","say \\"hi\\"","c:\\\\dir","{x}, y",NULL,NULL}',
    );
    expect(textArrayLiteral([])).toBe('{}');
  });

  it('numbers in their shortest round-trip form; a non-finite number is refused', () => {
    expect(numberArrayLiteral([0, -1.5, 39.9, 1e-9, 1e21, null])).toBe('{0,-1.5,39.9,1e-9,1e+21,NULL}');
    expect(() => numberArrayLiteral([Number.NaN])).toThrow(RangeError);
    expect(() => numberArrayLiteral([Infinity])).toThrow(RangeError);
  });

  it('booleans as t/f', () => {
    expect(booleanArrayLiteral([true, false, null])).toBe('{t,f,NULL}');
  });
});

/** Exact decimals for quantities, weights and costs (E1.5, E7 "computed exactly and rounded once"). */
import { add, compare, decimalOf, multiply, roundHalfUp, shift, sumExact, toNumber } from './exact-decimal';

describe('exact decimals', () => {
  it('reads numbers as the decimals they print as', () => {
    expect(decimalOf(0.1)).toEqual({ units: 1n, scale: 1 });
    expect(decimalOf(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(decimalOf(1.5e21)).toEqual({ units: 1500000000000000000000n, scale: 0 });
    expect(decimalOf(-2.25)).toEqual({ units: -225n, scale: 2 });
  });

  it('adds, multiplies and shifts exactly', () => {
    expect(toNumber(add(decimalOf(0.1), decimalOf(0.2)))).toBe(0.3);
    expect(toNumber(multiply(decimalOf(0.1), decimalOf(3)))).toBe(0.3);
    expect(toNumber(shift(decimalOf(1500), 3))).toBe(1.5);
    expect(compare(add(decimalOf(0.1), decimalOf(0.2)), decimalOf(0.3))).toBe(0);
    expect(sumExact([0.1, 0.2, 0.3])).toBe(0.6);
    expect(sumExact([1, 2, 3])).toBe(6);
  });

  it('rounds half-up once', () => {
    expect(roundHalfUp(decimalOf(1.005), 2)).toBe(1.01);
    expect(roundHalfUp(decimalOf(2.675), 2)).toBe(2.68);
    expect(roundHalfUp(add(decimalOf(1.004), decimalOf(0.001)), 2)).toBe(1.01);
    expect(roundHalfUp(decimalOf(1.0049), 2)).toBe(1);
    expect(roundHalfUp(decimalOf(11.5), 2)).toBe(11.5);
  });
});

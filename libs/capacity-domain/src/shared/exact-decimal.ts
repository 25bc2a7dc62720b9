/**
 * Exact decimal arithmetic for quantities, weights and costs (E1.5, E7): every JSON number is read as the
 * decimal it prints as (its shortest round-trip form), sums and products are exact, and rounding happens once.
 */
export interface Decimal {
  /** value = units / 10^scale */
  readonly units: bigint;
  readonly scale: number;
}

export const ZERO: Decimal = { units: 0n, scale: 0 };
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

export function decimalOf(value: number): Decimal {
  if (Number.isSafeInteger(value)) return { units: BigInt(value), scale: 0 };
  const match = DECIMAL_TEXT.exec(String(value));
  if (match === null) return ZERO; // NaN or ±Infinity never reach here through a validated request
  const fraction = match[3] ?? '';
  const exponent = Number(match[4] ?? 0);
  let units = BigInt(match[2] + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: match[1] === '-' ? -units : units, scale };
}

function aligned(a: Decimal, scale: number): bigint {
  return a.units * 10n ** BigInt(scale - a.scale);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: aligned(a, scale) + aligned(b, scale), scale };
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** a / 10^power, exactly. */
export function shift(a: Decimal, power: number): Decimal {
  return { units: a.units, scale: a.scale + power };
}

export function compare(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = aligned(a, scale);
  const y = aligned(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function toNumber(a: Decimal): number {
  return Number(toText(a));
}

function toText(a: Decimal): string {
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  const whole = digits.slice(0, digits.length - a.scale);
  const fraction = digits.slice(digits.length - a.scale);
  return `${negative ? '-' : ''}${whole}${fraction.length > 0 ? `.${fraction}` : ''}`;
}

/** Rounds half away from zero ("half-up" on the non-negative values of this domain) to `places` decimals. */
export function roundHalfUp(a: Decimal, places: number): number {
  if (a.scale <= places) return toNumber(a);
  const divisor = 10n ** BigInt(a.scale - places);
  const magnitude = a.units < 0n ? -a.units : a.units;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return toNumber({ units: a.units < 0n ? -quotient : quotient, scale: places });
}

/** Sum of plain numbers, exact; integers (the usual case) stay on the fast path. */
export function sumExact(values: readonly number[]): number {
  let integerSum = 0;
  let allIntegers = true;
  for (const value of values) {
    if (!Number.isSafeInteger(value)) allIntegers = false;
    else integerSum += value;
  }
  if (allIntegers && Number.isSafeInteger(integerSum)) return integerSum;
  return toNumber(values.reduce<Decimal>((total, value) => add(total, decimalOf(value)), ZERO));
}

import { STORABLE_TEXT_PATTERN } from '@delivery/contracts/messages';
import { isStorableText } from '@delivery/persistence';

/** The product contract states Postgres' text rule as a JSON Schema pattern; the rule's home is persistence's. */
describe("the product contract's storable-text pattern", () => {
  const pattern = new RegExp(STORABLE_TEXT_PATTERN, 'u');
  const disagreements = (texts: Iterable<string>): string[] =>
    [...texts].filter((text) => pattern.test(text) !== isStorableText(text));

  it('agrees with isStorableText on every UTF-16 code unit, alone and between others', () => {
    const units = Array.from({ length: 0x10000 }, (_, unit) => String.fromCharCode(unit));
    expect(disagreements(units.map((unit) => `a${unit}b`))).toEqual([]);
    expect(disagreements(units)).toEqual([]);
  });

  it('agrees on surrogate pairs, reversed pairs and the empty text', () => {
    expect(disagreements(['', '😀', '𝄞x', '\ude00\ud83d', '\ud83d\ud83d\ude00', 'x\ud83d'])).toEqual([]);
    expect(pattern.test('😀')).toBe(true);
    expect(pattern.test('\ude00\ud83d')).toBe(false);
  });
});

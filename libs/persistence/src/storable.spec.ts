import { STORABLE_TEXT_PATTERN } from '@delivery/contracts/messages';
import { isStorableText } from './storable';

describe('isStorableText', () => {
  const samples: [string, boolean][] = [
    ['', true],
    ['plain', true],
    ['áéíóú ñ — “curly” 漢字', true],
    ['😀 a pair of surrogates', true],
    ['\ufffd replacement character', true],
    ['tab\tnew\nline', true],
    ['NUL \u0000 inside', false],
    ['\u0000', false],
    ['lone high \ud83d', false],
    ['lone low \ude00 first', false],
    ['\ude00\ud83d reversed pair', false],
  ];

  it.each(samples)('%j is storable: %s', (text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });

  it("agrees with the product contract's pattern on every sample", () => {
    const pattern = new RegExp(STORABLE_TEXT_PATTERN, 'u');
    expect(samples.map(([text]) => pattern.test(text))).toEqual(
      samples.map(([text]) => isStorableText(text)),
    );
  });
});

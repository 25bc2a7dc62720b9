import { isStorableText } from './storable';

describe('isStorableText', () => {
  it.each<[string, boolean]>([
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
  ])('%j is storable: %s', (text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });
});

import { UnsecuredJWT } from 'jose';
import { principal } from './principal';
import { VERIFIED_TOKEN_MAX_AGE_MS, VerifiedTokens } from './verified-tokens.cache';

const ops = principal('ops', ['capacity:calculate'], 'jwt');
/** A token whose `exp` is `exp` (seconds); its signature is not what the cache looks at. */
const token = (exp?: number) => new UnsecuredJWT(exp === undefined ? {} : { exp }).encode();
const NOW = 1_800_000_000_000;

describe('VerifiedTokens', () => {
  it('gives the principal back for the same text until exp plus the clock tolerance', () => {
    const tokens = new VerifiedTokens(30);
    const text = token(NOW / 1000 + 20);
    tokens.remember(text, ops, NOW);
    expect(tokens.get(text, NOW + 49_999)).toBe(ops);
    expect(tokens.get(text, NOW + 50_000)).toBeUndefined();
    expect(tokens.get(`${text}x`, NOW)).toBeUndefined();
  });

  it('keeps a verdict for at most a minute however far away exp is', () => {
    const tokens = new VerifiedTokens(30);
    const text = token(NOW / 1000 + 86_400);
    tokens.remember(text, ops, NOW);
    expect(tokens.get(text, NOW + VERIFIED_TOKEN_MAX_AGE_MS - 1)).toBe(ops);
    expect(tokens.get(text, NOW + VERIFIED_TOKEN_MAX_AGE_MS)).toBeUndefined();
  });

  it("ends every verdict when a rotation's previous key stops being accepted, and not after that instant", () => {
    const tokens = new VerifiedTokens(30, NOW + 5_000);
    const [before, after] = [token(NOW / 1000 + 3600), token(NOW / 1000 + 3601)];
    tokens.remember(before, ops, NOW);
    tokens.remember(after, ops, NOW + 5_000);
    expect(tokens.get(before, NOW + 4_999)).toBe(ops);
    expect(tokens.get(before, NOW + 5_000)).toBeUndefined();
    expect(tokens.get(after, NOW + 5_000 + VERIFIED_TOKEN_MAX_AGE_MS - 1)).toBe(ops);
  });

  it('remembers nothing of a token without a numeric exp', () => {
    const tokens = new VerifiedTokens(30);
    const text = token();
    tokens.remember(text, ops, NOW);
    expect(tokens.get(text, NOW)).toBeUndefined();
  });
});

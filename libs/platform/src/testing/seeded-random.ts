/**
 * mulberry32: a small, fast, seeded generator, uniform in [0, 1). The same seed gives the same sequence, so fuzzed
 * bodies and generated networks are the same on every run. (The pure domain keeps its own copy in its testing
 * folder: it depends on no other library.)
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

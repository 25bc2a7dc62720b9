/**
 * Whole days of delay against the plan (the delivered day − the planned day), as the ground-truth simulator draws
 * them (docs/learning.md, "The ground-truth simulator"): P(delay = `firstDelay` + i) = `probabilities[i]`.
 */
export interface DelayDistribution {
  readonly firstDelay: number;
  readonly probabilities: readonly number[];
}

/** A distribution from its probabilities, which must add up to 1. */
export function delays(firstDelay: number, probabilities: readonly number[]): DelayDistribution {
  const total = probabilities.reduce((sum, p) => sum + p, 0);
  if (Math.abs(total - 1) > 1e-9) throw new Error(`delay probabilities add up to ${total}, not 1`);
  return { firstDelay, probabilities };
}

/** P(delay ≤ k): the share of deliveries on time when the promise adds `k` days to the plan. */
export function onTimeAt(distribution: DelayDistribution, k: number): number {
  let sum = 0;
  for (let i = 0; i < distribution.probabilities.length && distribution.firstDelay + i <= k; i++)
    sum += distribution.probabilities[i];
  return Math.min(1, sum);
}

/** The smallest whole day k with P(delay ≤ k) ≥ `confidence`: the buffer an oracle knowing the truth adds. */
export function trueBuffer(distribution: DelayDistribution, confidence: number): number {
  let k = distribution.firstDelay;
  while (onTimeAt(distribution, k) < confidence - 1e-9) k++;
  return k;
}

/** One delay drawn from the distribution with `random()` in [0, 1). */
export function drawDelay(distribution: DelayDistribution, random: () => number): number {
  let u = random();
  const { probabilities } = distribution;
  for (let i = 0; i < probabilities.length - 1; i++) {
    u -= probabilities[i];
    if (u < 0) return distribution.firstDelay + i;
  }
  return distribution.firstDelay + probabilities.length - 1;
}

/** The same deliveries `days` later (a worse transit) or earlier. */
export function shifted(distribution: DelayDistribution, days: number): DelayDistribution {
  return { firstDelay: distribution.firstDelay + days, probabilities: distribution.probabilities };
}

/** The distribution of a delivery drawn from one of `parts` with the given weights (the week of a lane). */
export function mixture(
  parts: readonly { weight: number; distribution: DelayDistribution }[],
): DelayDistribution {
  const first = Math.min(...parts.map((part) => part.distribution.firstDelay));
  const last = Math.max(
    ...parts.map((part) => part.distribution.firstDelay + part.distribution.probabilities.length - 1),
  );
  const total = parts.reduce((sum, part) => sum + part.weight, 0);
  const probabilities = Array.from({ length: last - first + 1 }, (_, i) =>
    parts.reduce((sum, { weight, distribution }) => {
      const index = first + i - distribution.firstDelay;
      return sum + (weight / total) * (distribution.probabilities[index] ?? 0);
    }, 0),
  );
  return { firstDelay: first, probabilities };
}

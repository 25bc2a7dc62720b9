/**
 * The delay distribution of one level (docs/learning.md, "The estimator"): the weighted Kaplan–Meier estimate of
 * P(delay ≤ k) from deliveries (delay known) and open promises past their planned day (right-censored: the delay is
 * at least their bound).
 */

/** The weighted observations of one level, by delay. */
export class DelayTally {
  /** Σ w of deliveries by delay */
  readonly events = new Map<number, number>();
  /** Σ w of censored observations by the last delay they are at risk for (their bound − 1) */
  readonly censored = new Map<number, number>();
  /** n: Σ w of every observation */
  weight = 0;
  /** observations, unweighted */
  count = 0;

  /** A delivery `delayDays` late, or an open promise at least `delayDays` late (`censored`). */
  add(delayDays: number, censored: boolean, weight: number, count: number): void {
    const target = censored ? this.censored : this.events;
    const key = censored ? delayDays - 1 : delayDays;
    target.set(key, (target.get(key) ?? 0) + weight);
    this.weight += weight;
    this.count += count;
  }

  /** The smallest and largest delay delivered, null without a delivery. */
  support(): { first: number; last: number } | null {
    if (this.events.size === 0) return null;
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const delay of this.events.keys()) {
      if (delay < first) first = delay;
      if (delay > last) last = delay;
    }
    return { first, last };
  }
}

/**
 * F̂(k) = 1 − Π_{d ≤ k} (1 − e(d)/r(d)) for k = `first` … `first` + `into.length` − 1, written into `into`:
 * e(d) = Σ w of deliveries with delay d, r(d) = Σ w of deliveries with delay ≥ d and of censored observations
 * still at risk at d (bound ≥ d + 1). Below the first delivery F̂ is 0; past the last it keeps its last value.
 */
export function kaplanMeier(tally: DelayTally, first: number, into: Float64Array): Float64Array {
  const points = new Set<number>(tally.events.keys());
  for (const delay of tally.censored.keys()) points.add(delay);
  const delays = Array.from(points).sort((a, b) => a - b);
  let atRisk = tally.weight;
  let survival = 1;
  let k = first;
  const last = first + into.length - 1;
  for (const delay of delays) {
    if (delay > last) break;
    const events = tally.events.get(delay) ?? 0;
    if (events > 0) {
      for (; k < delay; k++) into[k - first] = 1 - survival;
      survival = events >= atRisk ? 0 : survival * (1 - events / atRisk);
    }
    atRisk -= events + (tally.censored.get(delay) ?? 0);
  }
  for (; k <= last; k++) into[k - first] = 1 - survival;
  return into;
}

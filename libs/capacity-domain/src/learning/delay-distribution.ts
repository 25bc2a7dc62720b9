/**
 * The delay distribution of one level (docs/learning.md, "The estimator"): the weighted Kaplan–Meier estimate of
 * P(delay ≤ k) from deliveries (delay known) and open promises past their planned day (right-censored: the delay is
 * at least their bound).
 */
import type { RecencyWeights } from './recency-weight';

/** The weighted observations of one level, by delay: dense arrays from the smallest delay seen to the largest kept. */
export class DelayTally {
  /** the delay at index 0 */
  private low = 0;
  /** Σ w of deliveries by delay */
  private events: number[] = [];
  /** Σ w of censored observations by the last delay they are at risk for (their bound − 1) */
  private censored: number[] = [];
  /** n: Σ w of every observation */
  weight = 0;
  /** observations, unweighted */
  count = 0;
  private first = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;

  /**
   * Adds packed observations (`LaneObservationGroup`: age, delay, signed count) one after the other, each weighing
   * its count × its age's weight; answers the promises added. `through`: the largest delay delivered in the network
   * (every level's estimate stops there); a censored observation at risk beyond it adds its weight, no more (F̂ up
   * to `through` is the same: it is still at risk at every delay up to there). Observations older than `keptAge`
   * days are left out (a restarted lane's before its restart, lane-change.ts); those of ages up to `recent.age` are
   * also added to `recent.tally` (the lane's recent part, lane-change.ts), in the same pass.
   */
  addPacked(
    observations: Int32Array,
    weights: RecencyWeights,
    through: number,
    keptAge = Number.POSITIVE_INFINITY,
    recent: { tally: DelayTally; age: number } | null = null,
  ): number {
    // the arrays grown once, to the group's range of delays, and the weights of its ages worked out
    let from = Number.POSITIVE_INFINITY;
    let to = Number.NEGATIVE_INFINITY;
    let oldest = 0;
    for (let i = 0; i < observations.length; i += 3) {
      const signed = observations[i + 2];
      if (signed === 0 || observations[i] > keptAge) continue;
      const delay = signed < 0 ? observations[i + 1] - 1 : observations[i + 1];
      if (delay <= through) {
        if (delay < from) from = delay;
        if (delay > to) to = delay;
      }
      if (observations[i] > oldest) oldest = observations[i];
    }
    if (from <= to) {
      this.indexOf(from);
      this.indexOf(to);
    }
    const recentAge = recent === null ? Number.NEGATIVE_INFINITY : recent.age;
    const byAge = weights.byAgeUpTo(oldest);
    const { events, censored, low } = this;
    let { weight: total, first, last } = this;
    let added = 0;
    for (let i = 0; i < observations.length; i += 3) {
      const signed = observations[i + 2];
      const age = observations[i];
      if (signed === 0 || age > keptAge) continue;
      const count = signed < 0 ? -signed : signed;
      const weight = (age <= 0 ? 1 : byAge[age]) * count;
      const delay = observations[i + 1];
      if (signed > 0) {
        events[delay - low] += weight;
        if (delay < first) first = delay;
        if (delay > last) last = delay;
      } else if (delay - 1 <= through) censored[delay - 1 - low] += weight;
      total += weight;
      added += count;
      if (age <= recentAge) recent?.tally.addOne(delay, signed < 0, weight, count, through);
    }
    this.weight = total;
    this.count += added;
    this.first = first;
    this.last = last;
    return added;
  }

  /** One observation, as `addPacked` adds each (the few of a lane's recent part). */
  private addOne(
    delayDays: number,
    isCensored: boolean,
    weight: number,
    count: number,
    through: number,
  ): void {
    const delay = isCensored ? delayDays - 1 : delayDays;
    if (delay <= through) {
      const index = this.indexOf(delay);
      if (isCensored) this.censored[index] += weight;
      else {
        this.events[index] += weight;
        if (delay < this.first) this.first = delay;
        if (delay > this.last) this.last = delay;
      }
    }
    this.weight += weight;
    this.count += count;
  }

  /** Adds another level's observations (a lane's into its last leg's). */
  merge(other: DelayTally): void {
    const length = other.events.length;
    if (length > 0) {
      this.indexOf(other.low);
      const offset = this.indexOf(other.low + length - 1) - (length - 1);
      for (let i = 0; i < length; i++) {
        this.events[offset + i] += other.events[i];
        this.censored[offset + i] += other.censored[i];
      }
    }
    if (other.first < this.first) this.first = other.first;
    if (other.last > this.last) this.last = other.last;
    this.weight += other.weight;
    this.count += other.count;
  }

  /**
   * A new tally of this one's observations less `part`'s, a part of them (the older observations: all less the
   * recent ones). A difference that rounding leaves below 0 counts as 0. Its support stays this tally's.
   */
  less(part: DelayTally): DelayTally {
    const rest = new DelayTally();
    rest.low = this.low;
    rest.events = this.events.slice();
    rest.censored = this.censored.slice();
    rest.first = this.first;
    rest.last = this.last;
    // the part's delays are among this tally's
    for (let i = 0, index = part.low - this.low; i < part.events.length; i++, index++) {
      rest.events[index] = Math.max(0, rest.events[index] - part.events[i]);
      rest.censored[index] = Math.max(0, rest.censored[index] - part.censored[i]);
    }
    rest.weight = Math.max(0, this.weight - part.weight);
    rest.count = this.count - part.count;
    return rest;
  }

  /** Σ w of the observations known to be delayed ≤ `k` or > `k`: every one but those censored at a bound ≤ `k`. */
  knownAt(k: number): number {
    let unknown = 0;
    // a censored observation of bound c sits at index c − 1 − low
    const end = Math.min(this.censored.length, k - this.low);
    for (let i = 0; i < end; i++) unknown += this.censored[i];
    return Math.max(0, this.weight - unknown);
  }

  /** The smallest and largest delay delivered, null without a delivery. */
  support(): { first: number; last: number } | null {
    return this.first > this.last ? null : { first: this.first, last: this.last };
  }

  /**
   * F̂(k) = 1 − Π_{d ≤ k} (1 − e(d)/r(d)) for k = `first` … `first` + `into.length` − 1, written into `into`:
   * e(d) = Σ w of deliveries with delay d, r(d) = Σ w of deliveries with delay ≥ d and of censored observations
   * still at risk at d (bound ≥ d + 1). Below the first delivery F̂ is 0; past the last it keeps its last value.
   */
  onTimeByDelay(first: number, into: Float64Array): Float64Array {
    const last = first + into.length - 1;
    const end = Math.min(this.events.length, last - this.low + 1);
    let atRisk = this.weight;
    let survival = 1;
    let k = first;
    for (let i = 0; i < end; i++) {
      const events = this.events[i];
      if (events > 0) {
        const delay = this.low + i;
        for (; k < delay; k++) into[k - first] = 1 - survival;
        survival = events >= atRisk ? 0 : survival * (1 - events / atRisk);
      }
      atRisk -= events + this.censored[i];
    }
    for (; k <= last; k++) into[k - first] = 1 - survival;
    return into;
  }

  /** The index of `delay`, the arrays grown to hold it. */
  private indexOf(delay: number): number {
    const length = this.events.length;
    if (length === 0) {
      this.low = delay;
      this.events.push(0);
      this.censored.push(0);
      return 0;
    }
    const index = delay - this.low;
    if (index < 0) {
      const zeros = new Array<number>(-index).fill(0);
      this.events = zeros.concat(this.events);
      this.censored = zeros.concat(this.censored);
      this.low = delay;
      return 0;
    }
    for (let i = length; i <= index; i++) {
      this.events.push(0);
      this.censored.push(0);
    }
    return index;
  }
}

/**
 * Credibility pooling (docs/learning.md, "The estimator"): a level with few weighted observations borrows from its
 * parent, lane → last leg → zone → network, and the level reported is the nearest holding enough itself.
 */
import type { PoolingLevel } from './lane-model.types';

/** F = (n F̂ + m F_parent)/(n + m), in place in `own`; the network has no parent (`parent` null): F = F̂. */
export function pool(
  own: Float64Array,
  weight: number,
  parent: Float64Array | null,
  priorDeliveries: number,
): Float64Array {
  if (parent === null) return own;
  const total = weight + priorDeliveries;
  if (total === 0) {
    own.set(parent);
    return own;
  }
  for (let k = 0; k < own.length; k++) own[k] = (weight * own[k] + priorDeliveries * parent[k]) / total;
  return own;
}

const LEVELS: readonly PoolingLevel[] = ['LANE', 'LAST_LEG', 'ZONE', 'NETWORK'];

/**
 * The nearest level whose own weighted observations reach `m`, from the estimate's level up; NETWORK otherwise.
 * `weights` are those of the estimate's level and its parents in order (a last leg's: last leg, zone, network).
 */
export function poolingLevel(weights: readonly number[], priorDeliveries: number): PoolingLevel {
  const offset = LEVELS.length - weights.length;
  for (let i = 0; i < weights.length - 1; i++) if (weights[i] >= priorDeliveries) return LEVELS[offset + i];
  return 'NETWORK';
}

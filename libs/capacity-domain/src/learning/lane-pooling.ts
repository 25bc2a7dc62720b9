/**
 * Credibility pooling (docs/learning.md, "The estimator"): a level with few weighted observations borrows from its
 * parent, lane → last leg → zone → network, and the level reported is the nearest holding enough itself.
 */
import type { PoolingLevel } from './lane-model.types';

/**
 * F(k) = (n F̂(k) + m F_parent(k))/(n + m): a level's own F̂ at k pooled with its parent's F at k. The one expression
 * the builder (for the buffers) and the lookup (for the probability) both evaluate, so that both get the same double.
 */
export function pooledValue(own: number, weight: number, parent: number, priorDeliveries: number): number {
  const total = weight + priorDeliveries;
  return total === 0 ? parent : (weight * own + priorDeliveries * parent) / total;
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

/**
 * The lane models a calculation is given (docs/learning.md): what the engine promises at a confidence from, and the
 * probability each answer carries. Declared by the calculation, bound by the app (app.module.ts, `LaneModelsModule`).
 */
import type { LaneModelData } from '@delivery/capacity-domain';

export type { LaneModelData } from '@delivery/capacity-domain';

export const LANE_MODELS = Symbol('LANE_MODELS');

export interface LaneModelSource {
  /** the newest model this replica holds; null before any was built */
  current(): LaneModelData | null;
  /** the model a calculation at `instant` used: the newest built at or before it; null when none was */
  at(instant: Date): Promise<LaneModelData | null>;
}

/** No model: every answer as before any outcome was learned (no buffer, no probability). */
export const NO_LANE_MODELS: LaneModelSource = { current: () => null, at: async () => null };

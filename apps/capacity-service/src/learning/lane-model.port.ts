/**
 * The lane model this replica holds (docs/learning.md, "Storage and refresh"), for the features that put it to use:
 * the newest version it has loaded, and the version that was the newest at an instant (for a replay at that instant).
 * Bound in learning.module.ts to `LaneModelHolder`.
 */
import type { LaneModelData } from '@delivery/capacity-domain';

export type { LaneModelData } from '@delivery/capacity-domain';

export const LANE_MODEL = Symbol('LANE_MODEL');

export interface LaneModelSource {
  /** The newest model this replica has loaded; null before the first one is stored (or could be read). */
  current(): LaneModelData | null;
  /** The newest model built at or before `instant`; null when none was (or none is kept from then). */
  at(instant: Date): Promise<LaneModelData | null>;
}

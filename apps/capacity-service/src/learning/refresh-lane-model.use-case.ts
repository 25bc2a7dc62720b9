import { Inject, Injectable } from '@nestjs/common';
import {
  buildLaneModelInSlices,
  businessDate,
  formatDate,
  parseDate,
  type Clock,
  type LaneModelData,
  LaneModelMemo,
} from '@delivery/capacity-domain';
import { CLOCK, newPacer } from '../snapshot';
import { LaneModelHolder } from './lane-model.holder';
import { LANE_MODEL_STORE, type LaneModelRefreshSteps, type LaneModelStore } from './lane-model-store.port';
import { LEARNING_OPTIONS, type LearningOptions } from './learning.options';

const DAY_MS = 86_400_000;

/** What a refresh did: built a model (and removed the ones the retention does not keep), or why it did not. */
export type LaneModelRefresh =
  { built: LaneModelData; observedLanes: number; removed: number[] } | { skipped: 'LOCKED' | 'UNCHANGED' };

/**
 * One refresh of the lane model (docs/learning.md, "Storage and refresh"), run by every replica on its timer: one
 * process at a time (the others pass while one holds the lock). Nothing written to the promises since the newest
 * model was read, on the same day: that model stands (`UNCHANGED`). Otherwise the observations are read (one
 * statement), the model is built by the domain against the newest model (its buffers move at most
 * `maxBufferStepDays` from that model's) in slices, the event loop turning between them, stored as the next
 * version, and the versions the retention does not keep
 * are removed; this replica holds the new model at once, the others at their next look. The tallies of its last build
 * are kept (`LaneModelMemo`): a lane whose observations the reader hands back unchanged is not counted again.
 */
@Injectable()
export class RefreshLaneModelUseCase {
  private readonly memo = new LaneModelMemo();

  constructor(
    @Inject(LANE_MODEL_STORE) private readonly store: LaneModelStore,
    @Inject(LEARNING_OPTIONS) private readonly options: LearningOptions,
    private readonly holder: LaneModelHolder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(): Promise<LaneModelRefresh> {
    const refreshed = await this.store.refresh((steps) => this.refresh(steps));
    if (refreshed === null) return { skipped: 'LOCKED' };
    if ('built' in refreshed.result) this.holder.offer(refreshed.result.built);
    return refreshed.result;
  }

  private async refresh(steps: LaneModelRefreshSteps): Promise<LaneModelRefresh> {
    const now = this.clock.now();
    const today = businessDate(this.options.timeZone, now);
    const day = parseDate(today) as number;
    const newest = await steps.newest();
    const mark = await steps.outcomesMark();
    if (newest !== null && newest.today === today && newest.outcomesMark === mark)
      return { skipped: 'UNCHANGED' };
    const observations = await steps.observations(today, formatDate(day - this.options.retentionDays));
    const previous = newest === null ? null : await this.model(steps, newest.version);
    const version = await steps.nextVersion();
    const built = await buildLaneModelInSlices(
      observations.groups,
      day,
      this.options.settings,
      previous,
      version,
      now.toISOString(),
      newPacer(),
      this.memo,
    );
    await steps.insert(built, mark, previous);
    const removed = await steps.prune(
      this.options.keep,
      new Date(now.getTime() - this.options.maxAgeDays * DAY_MS),
    );
    return { built, observedLanes: observations.lanes, removed };
  }

  /** The model held when it is that version (no need to read it back), else the stored one. */
  private model(steps: LaneModelRefreshSteps, version: number): Promise<LaneModelData | null> {
    const held = this.holder.current();
    return held?.version === version ? Promise.resolve(held) : steps.model(version);
  }
}

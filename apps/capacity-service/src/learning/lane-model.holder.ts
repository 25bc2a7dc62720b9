import { Inject, Injectable } from '@nestjs/common';
import type { LaneModelData } from '@delivery/capacity-domain';
import { LANE_MODEL_STORE, type LaneModelStore, type LaneModelVersion } from './lane-model-store.port';

/** Models of other instants kept at hand for replays (a backtest asks for each of its orders, in the order placed). */
const KEPT_FOR_REPLAYS = 2;

/**
 * The lane model this replica answers with (docs/learning.md, "Storage and refresh"): the newest stored version,
 * what the calculations are given (the app binds it to their `LANE_MODELS`), looked for on the learning tasks' timer (`look`) and taken as soon as this replica builds one (`offer`). A look
 * that fails leaves the model held as it is. The stored versions are listed at each look, so the model of an
 * instant (`at`) is found without a statement, and read (then kept) only when it is not the one held. A model is read
 * as it differs from the one held: the estimates a refresh left as they were are the held model's own.
 */
@Injectable()
export class LaneModelHolder {
  private held: LaneModelData | null = null;
  private versions: readonly LaneModelVersion[] = [];
  private readonly others = new Map<number, Promise<LaneModelData | null>>();

  constructor(@Inject(LANE_MODEL_STORE) private readonly store: LaneModelStore) {}

  current(): LaneModelData | null {
    return this.held;
  }

  async at(instant: Date): Promise<LaneModelData | null> {
    // the last listed built at or before it: looked for from the newest, so a recent instant is found at once
    const time = instant.getTime();
    let index = this.versions.length - 1;
    while (index >= 0 && this.versions[index].builtAt.getTime() > time) index--;
    if (index < 0) return null;
    const found = this.versions[index];
    if (found.version === this.held?.version) return this.held;
    let model = this.others.get(found.version);
    if (model === undefined) {
      model = this.store.model(found.version, this.held);
      // a failed read is not kept: the next replay reads again
      model.catch(() => this.others.delete(found.version));
      this.others.set(found.version, model);
      for (const version of this.others.keys())
        if (this.others.size > KEPT_FOR_REPLAYS && version !== found.version) this.others.delete(version);
    }
    return model;
  }

  /** Lists the stored versions and takes the newest when it is not the one held; the version held after. */
  async look(): Promise<number | null> {
    const versions = await this.store.versions();
    const newest = versions.at(-1);
    if (newest !== undefined && newest.version !== this.held?.version) {
      const model = await this.store.model(newest.version, this.held);
      if (model !== null) this.held = model;
    }
    this.versions = versions;
    return this.held?.version ?? null;
  }

  /** A model this replica has just stored: held at once, unless a newer one already is. */
  offer(model: LaneModelData): void {
    if (this.held === null || model.version > this.held.version) this.held = model;
    if (!this.versions.some((version) => version.version === model.version))
      this.versions = [
        ...this.versions,
        { version: model.version, builtAt: new Date(model.builtAt), today: model.today },
      ];
  }
}

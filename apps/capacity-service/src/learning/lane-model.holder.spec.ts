import type { LaneModelData } from '@delivery/capacity-domain';
import { MetricsService } from '@delivery/platform';
import type { Logger } from 'pino';
import { LaneModelHolder } from './lane-model.holder';
import { LaneModelMetrics } from './lane-model.metrics';
import type { LaneModelStore, LaneModelVersion } from './lane-model-store.port';
import type { LearningOptions } from './learning.options';
import { LearningTasks } from './learning.tasks';
import type { RefreshLaneModelUseCase } from './refresh-lane-model.use-case';

const model = (version: number, builtAt: string): LaneModelData => ({
  version,
  builtAt,
  today: builtAt.slice(0, 10),
  settings: {
    halfLifeDays: 28,
    priorDeliveries: 20,
    maxBufferStepDays: 1,
    maxBufferDays: 7,
    minBufferDays: 7,
  },
  lanes: {},
  lastLegs: {},
  zones: {},
  network: null,
});

/** A store holding `models`, counting the models read; `failing` makes every statement fail. */
function storeOf(models: LaneModelData[]) {
  const store = {
    failing: false,
    reads: [] as number[],
    async versions(): Promise<LaneModelVersion[]> {
      if (store.failing) throw new Error('connection refused');
      return models.map((m) => ({ version: m.version, builtAt: new Date(m.builtAt), today: m.today }));
    },
    async model(version: number): Promise<LaneModelData | null> {
      if (store.failing) throw new Error('connection refused');
      store.reads.push(version);
      return models.find((m) => m.version === version) ?? null;
    },
    refresh: () => Promise.reject(new Error('not used')),
  };
  return store as typeof store & LaneModelStore;
}

/** The model a replica holds (docs/learning.md, "Storage and refresh"). */
describe('LaneModelHolder', () => {
  const v1 = model(1, '2026-11-20T10:00:00.000Z');
  const v2 = model(2, '2026-11-21T10:00:00.000Z');
  const v3 = model(3, '2026-11-22T10:00:00.000Z');

  it('holds nothing before a look, then the newest stored model; a look that fails leaves it held', async () => {
    const store = storeOf([v1, v2]);
    const holder = new LaneModelHolder(store);
    expect(holder.current()).toBeNull();
    expect(await holder.look()).toBe(2);
    expect(holder.current()).toBe(v2);
    // looked again with nothing newer: not read again
    expect(await holder.look()).toBe(2);
    expect(store.reads).toEqual([2]);
    store.failing = true;
    await expect(holder.look()).rejects.toThrow('connection refused');
    expect(holder.current()).toBe(v2);
  });

  it('finds the model of an instant among the versions it last listed, keeping the last two read', async () => {
    const store = storeOf([v1, v2, v3]);
    const holder = new LaneModelHolder(store);
    await holder.look();
    expect(await holder.at(new Date('2026-11-20T09:00:00Z'))).toBeNull();
    expect(await holder.at(new Date('2026-11-20T10:00:00Z'))).toBe(v1);
    expect(await holder.at(new Date('2026-11-21T12:00:00Z'))).toBe(v2);
    expect(await holder.at(new Date('2026-11-21T13:00:00Z'))).toBe(v2);
    expect(await holder.at(new Date('2026-11-23T00:00:00Z'))).toBe(v3);
    expect(store.reads).toEqual([3, 1, 2]);
  });

  it('takes a model this replica stored at once, never an older one', () => {
    const holder = new LaneModelHolder(storeOf([]));
    holder.offer(v2);
    holder.offer(v1);
    expect(holder.current()).toBe(v2);
  });
});

describe('LearningTasks', () => {
  const options = { refreshIntervalMs: 3_600_000 } as LearningOptions;
  const silent = { info: () => undefined, warn: () => undefined } as unknown as Logger;

  it('counts a failed refresh, still looks for a newer model, and keeps the model held when that fails too', async () => {
    const store = storeOf([model(4, '2026-11-22T10:00:00.000Z')]);
    const holder = new LaneModelHolder(store);
    const metrics = new MetricsService();
    const laneMetrics = new LaneModelMetrics(metrics, holder, {
      now: () => new Date('2026-11-22T10:01:30Z'),
    });
    const refresh = { execute: () => Promise.reject(new Error('deadlock detected')) };
    const tasks = new LearningTasks(
      refresh as unknown as RefreshLaneModelUseCase,
      holder,
      laneMetrics,
      options,
      silent,
    );
    // before listening: a look; then, one interval later, a tick
    await tasks.onApplicationBootstrap();
    expect(holder.current()?.version).toBe(4);
    await tasks.run();
    await tasks.beforeApplicationShutdown();
    expect(holder.current()?.version).toBe(4);
    const text = await metrics.registry.metrics();
    expect(text).toContain('lane_model_refresh_failures_total 1');
    expect(text).toContain('lane_model_age_seconds 90');

    store.failing = true;
    const again = new LearningTasks(
      refresh as unknown as RefreshLaneModelUseCase,
      holder,
      laneMetrics,
      options,
      silent,
    );
    await again.onApplicationBootstrap();
    await again.run();
    await again.beforeApplicationShutdown();
    expect(holder.current()?.version).toBe(4);
    // the look before listening, the refresh and the look after it
    expect(await metrics.registry.metrics()).toContain('lane_model_refresh_failures_total 4');
  });
});

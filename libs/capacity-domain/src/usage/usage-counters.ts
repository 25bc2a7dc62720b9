/**
 * Every counter of a snapshot in the order the usage view lists them (PICKING, DISPATCH, WINDOW, each in
 * configuration order), with where each stands by scope and ref: a counter is known by this position in the usage
 * view, its units in memory and its gauges. Built once per snapshot, in slices (a 100k-route network has ~400k
 * counters).
 */
import type { CounterScope } from '../configuration/configuration-document.types';
import type { CounterModel, Snapshot, WindowModel } from '../configuration/snapshot';
import { eachInSlices, Steps } from '../shared/slices';

/** A counter with what filters and rows name it by. */
export interface UsageCounter {
  readonly counter: CounterModel;
  readonly node: string;
  readonly route: string | null;
  readonly window: WindowModel | null;
  readonly zone: string | null;
}

export interface CounterList {
  readonly entries: readonly UsageCounter[];
  readonly position: Readonly<Record<CounterScope, ReadonlyMap<string, number>>>;
}

const listed = new WeakMap<Snapshot, CounterList>();

export function* usageCounters(snapshot: Snapshot): Steps<CounterList> {
  const cached = listed.get(snapshot);
  if (cached !== undefined) return cached;
  const entries: UsageCounter[] = [];
  for (const node of snapshot.nodes)
    entries.push({ counter: node.picking, node: node.code, route: null, window: null, zone: null });
  yield* eachInSlices(snapshot.routes, (route) => {
    const zone = route.targetZone?.code ?? null;
    entries.push({ counter: route.dispatch, node: route.source.code, route: route.code, window: null, zone });
  });
  yield* eachInSlices(snapshot.routes, (route) => {
    const zone = route.targetZone?.code ?? null;
    for (const window of route.windows)
      entries.push({ counter: window.counter, node: route.source.code, route: route.code, window, zone });
  });
  const position = { PICKING: new Map(), DISPATCH: new Map(), WINDOW: new Map() };
  yield* eachInSlices(entries, ({ counter }, index) => position[counter.scope].set(counter.ref, index));
  const counters = { entries, position };
  listed.set(snapshot, counters);
  return counters;
}

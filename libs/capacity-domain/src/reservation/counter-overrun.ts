/**
 * COUNTER_FULL for reservations: a configuration whose capacity for a counter on a day is below the units used
 * there overruns it, and the reservations over are the last ones taken — the units used by anything but
 * reservations (a usage import) come first, then each reservation in the order it was taken; those that end past the
 * capacity are over.
 */
import { parseDate } from '../calendar/calendar';
import type { CounterScope } from '../configuration/configuration-document.types';
import type { Snapshot } from '../configuration/snapshot';
import { eachInSlices, type Steps } from '../shared/slices';

export interface CounterLoad {
  readonly scope: CounterScope;
  readonly ref: string;
  readonly date: string;
  readonly used: number;
}

/** A reservation's units on one counter, with when it was taken. */
export interface CounterTaker {
  readonly identifier: string;
  readonly takenAt: Date;
  readonly units: number;
}

/** One counter on one day, as a key: built from its parts in one place, never taken apart again. */
export type CounterKey = `${CounterScope}|${string}|${string}`;

export const counterKey = (scope: CounterScope, ref: string, date: string): CounterKey =>
  `${scope}|${ref}|${date}`;

/** The configuration's capacity of a counter on a day (override or default); null when unlimited or unknown. */
export function capacityOn(
  snapshot: Snapshot,
  scope: CounterScope,
  ref: string,
  date: string,
): number | null {
  const counter = snapshot.counters[scope]?.get(ref);
  const day = parseDate(date);
  if (counter === undefined || day === null) return null;
  const override = counter.overrides?.get(day);
  return override !== undefined ? override : counter.capacity;
}

/** A counter a configuration overruns: its load, and the capacity the configuration gives it that day. */
export interface CounterOverrun {
  readonly load: CounterLoad;
  readonly capacity: number;
}

/** The counters of `loads` that `snapshot` overruns, added to `into` by `counterKey`; in slices. */
export function* overrunCounters(
  snapshot: Snapshot,
  loads: readonly CounterLoad[],
  into = new Map<CounterKey, CounterOverrun>(),
): Steps<Map<CounterKey, CounterOverrun>> {
  yield* eachInSlices(loads, (load) => {
    const capacity = capacityOn(snapshot, load.scope, load.ref, load.date);
    if (capacity !== null && load.used > capacity)
      into.set(counterKey(load.scope, load.ref, load.date), { load, capacity });
  });
  return into;
}

/** The identifiers of the takers past `capacity`, in the order they were taken. */
export function takersOver(capacity: number, used: number, takers: readonly CounterTaker[]): string[] {
  const ordered = [...takers].sort(
    (a, b) =>
      a.takenAt.getTime() - b.takenAt.getTime() ||
      (a.identifier < b.identifier ? -1 : a.identifier > b.identifier ? 1 : 0),
  );
  let running = Math.max(used - ordered.reduce((sum, taker) => sum + taker.units, 0), 0);
  const over: string[] = [];
  for (const taker of ordered) {
    running += taker.units;
    if (running > capacity) over.push(taker.identifier);
  }
  return over;
}

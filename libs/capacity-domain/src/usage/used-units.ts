/**
 * Units per counter and day for one snapshot's counters — used (`capacity_counters`) or held (by HELD reservations)
 * — as a reader keeps them in memory from one read to the next (docs/api.md, "GET {base}/capacity/usage"): per day,
 * the positions (`usageCounters`) of the counters with units, ascending, and their units — memory follows the rows,
 * not counters × days. Immutable: `with` and `plus` give a copy with some counter-days set or added to and share the
 * days they leave alone, so an answer being worked out keeps the units it started with while newer ones arrive.
 */
import type { DayNumber } from '../calendar/calendar';
import type { CounterScope } from '../configuration/configuration-document.types';
import type { Snapshot } from '../configuration/snapshot';
import { eachInSlices, Steps } from '../shared/slices';
import { CounterList, usageCounters } from './usage-counters';

/** A counter-day's units: as stored, they replace what was known (0: nothing); or units to add (`plus`). */
export interface UsedUnitsRow {
  readonly scope: CounterScope;
  readonly ref: string;
  readonly day: DayNumber;
  readonly used: number;
}

/** Units of the snapshot a usage answer is worked out for, on (at least) the days of its range. */
export interface UsageData {
  readonly used: UsedUnits;
  /** the units of reservations still HELD (part of `used`): the entries of their `taken`, added up */
  readonly held: UsedUnits;
}

/** One day: the positions with units, ascending, and their units (> 0). */
export interface DayColumn {
  readonly positions: Int32Array;
  readonly units: Float64Array;
}

const EMPTY: DayColumn = { positions: new Int32Array(0), units: new Float64Array(0) };
/** Positions visited between two yields. */
const POSITIONS_PER_SLICE = 4096;

export class UsedUnits {
  private constructor(
    readonly snapshot: Snapshot,
    private readonly counters: CounterList,
    private readonly days: ReadonlyMap<DayNumber, DayColumn>,
  ) {}

  /** Nothing used on any day. */
  static *of(snapshot: Snapshot): Steps<UsedUnits> {
    return new UsedUnits(snapshot, yield* usageCounters(snapshot), new Map());
  }

  /**
   * A copy in which each row's units replace its counter-day's (the last row of a counter-day wins); rows naming no
   * counter of the snapshot are ignored. A day with few rows is merged with what it held; a day with many (a day
   * loaded whole) is rebuilt from a scratch array of the counters, in slices. Cost: the rows, plus what each day
   * they touch holds (or the counters once, for a day with many rows).
   */
  with(rows: readonly UsedUnitsRow[]): Steps<UsedUnits> {
    return this.changed(rows, false);
  }

  /** The same, each row's units added to its counter-day's (negative: taken off). */
  plus(rows: readonly UsedUnitsRow[]): Steps<UsedUnits> {
    return this.changed(rows, true);
  }

  private *changed(rows: readonly UsedUnitsRow[], add: boolean): Steps<UsedUnits> {
    const byDay = new Map<DayNumber, Change[]>();
    yield* eachInSlices(rows, ({ scope, ref, day, used }) => {
      const position = this.counters.position[scope].get(ref);
      if (position === undefined) return;
      const changes = byDay.get(day);
      if (changes === undefined) byDay.set(day, [{ position, used }]);
      else changes.push({ position, used });
    });
    const days = new Map(this.days);
    let scratch: Float64Array | null = null;
    for (const [day, changes] of byDay) {
      yield;
      const old = this.days.get(day) ?? EMPTY;
      let column: DayColumn;
      if (changes.length * MERGE_SHARE <= this.counters.entries.length) column = merged(old, changes, add);
      else {
        scratch ??= new Float64Array(this.counters.entries.length);
        column = yield* rebuilt(old, changes, add, scratch);
      }
      if (column.positions.length === 0) days.delete(day);
      else days.set(day, column);
    }
    return new UsedUnits(this.snapshot, this.counters, days);
  }

  /** The counters with units on a day, ascending by position. */
  on(day: DayNumber): DayColumn {
    return this.days.get(day) ?? EMPTY;
  }

  /** A counter's units on a day. */
  of(position: number, day: DayNumber): number {
    const { positions, units } = this.on(day);
    const i = firstAtOrAfter(positions, position, 0);
    return positions[i] === position ? units[i] : 0;
  }
}

/** A counter-day's new units. */
interface Change {
  readonly position: number;
  readonly used: number;
}

/** A day's rows are merged when there are at most one per this many counters; more rebuild the day. */
const MERGE_SHARE = 16;

/**
 * The day with the changes merged in (sorted by position, stable): a counter's last change replaces its units, or
 * all its changes are added to them (`add`). The entries between two changed counters are copied as a block.
 */
function merged(old: DayColumn, changes: Change[], add: boolean): DayColumn {
  changes.sort((a, b) => a.position - b.position);
  const most = old.positions.length + changes.length;
  const positions = new Int32Array(most);
  const units = new Float64Array(most);
  let count = 0;
  /** Copies the old entries [from, to). */
  const copy = (from: number, to: number): void => {
    positions.set(old.positions.subarray(from, to), count);
    units.set(old.units.subarray(from, to), count);
    count += to - from;
  };
  let i = 0;
  for (let j = 0; j < changes.length;) {
    const { position } = changes[j];
    const at = firstAtOrAfter(old.positions, position, i);
    copy(i, at);
    i = at;
    let used = 0;
    if (i < old.positions.length && old.positions[i] === position) {
      if (add) used = old.units[i];
      i++;
    }
    for (; j < changes.length && changes[j].position === position; j++)
      used = add ? used + changes[j].used : changes[j].used;
    if (used > 0) {
      positions[count] = position;
      units[count++] = used;
    }
  }
  copy(i, old.positions.length);
  return { positions: positions.slice(0, count), units: units.slice(0, count) };
}

/** The first index at or after `from` whose position is at least `position` (binary search). */
function firstAtOrAfter(positions: Int32Array, position: number, from: number): number {
  let low = from;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positions[middle] < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The day with the changes applied, through `scratch` (all 0, and left so): its positions above 0, ascending. */
function* rebuilt(
  old: DayColumn,
  changes: readonly Change[],
  add: boolean,
  scratch: Float64Array,
): Steps<DayColumn> {
  old.positions.forEach((position, i) => (scratch[position] = old.units[i]));
  yield* eachInSlices(changes, ({ position, used }) => {
    scratch[position] = add ? scratch[position] + used : used;
  });
  let count = 0;
  for (let position = 0; position < scratch.length; position++) {
    if (position % POSITIONS_PER_SLICE === 0) yield;
    if (scratch[position] > 0) count++;
  }
  const column = { positions: new Int32Array(count), units: new Float64Array(count) };
  for (let position = 0, i = 0; position < scratch.length; position++) {
    if (position % POSITIONS_PER_SLICE === 0) yield;
    if (scratch[position] > 0) {
      column.positions[i] = position;
      column.units[i++] = scratch[position];
    }
  }
  scratch.fill(0);
  return column;
}

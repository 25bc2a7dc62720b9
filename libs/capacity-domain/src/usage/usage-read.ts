/**
 * What the usage view reads from storage, one read after another (docs/api.md, "GET {base}/capacity/usage"): the
 * days it does not hold yet, whole, and the changes since its mark on the days it holds. A mark is where a read stood
 * in storage's history; storage alone knows what it is made of. Given back at the next read, it gets only what was
 * written since — the counters reservations moved, read again, and the reservations that started or stopped
 * holding — unless what was read before is gone (counters or HELD reservations removed): then the changes since it
 * cannot be told, and the reader starts again from nothing.
 */
import type { DayNumber } from '../calendar/calendar';
import type { UsedUnitsRow } from './used-units';

declare const usageMark: unique symbol;
/** Opaque: made by storage at a read, given back unchanged at the next one. */
export type UsageMark = string & { readonly [usageMark]: true };

/** The changes a reader asks for: those since its last read's mark, on the days it holds. */
export interface ChangesSince {
  readonly mark: UsageMark;
  /** the days held, [from, to] */
  readonly from: DayNumber;
  readonly to: DayNumber;
}

export interface UsageReadRequest {
  /** days to read whole */
  readonly load: readonly DayNumber[];
  /** null: a first read, which takes every HELD reservation */
  readonly since: ChangesSince | null;
}

/** A reservation read: whether it holds (status HELD) and what it took, per counter-day (`used`: its units). */
export interface ReservationTake {
  readonly identifier: string;
  readonly held: boolean;
  readonly taken: readonly UsedUnitsRow[];
}

export interface UsageRead {
  /** the counter-days of the days loaded (with units), then those changed since the mark (their units, maybe 0) */
  readonly used: UsedUnitsRow[];
  /** the reservations written since the mark (started or stopped holding); on a first read, every HELD one */
  readonly reservations: ReservationTake[];
  /** the mark of the next read */
  readonly mark: UsageMark;
  /** false: the changes since the mark asked for cannot be told; what was read is not to be used, read again afresh */
  readonly changesKnown: boolean;
}

/**
 * Records what `PathDateSearch` does on one path, from inside its searches: every date a search passes over and
 * why, what it found or that it ran out, and the dates the range filtered. Only explanations create one; a plain
 * calculation passes none and the searches skip every hook.
 *
 * A far range can make one path run thousands of later-date searches (E4.5 only filters), so a path keeps its
 * first `HEAD` and last `TAIL` searches (and filtered dates) and counts the ones between; what it keeps is
 * formatted only when the explanation is built.
 */
import { DayNumber, formatDate } from '../calendar/calendar';
import type { CounterModel, RouteModel } from '../configuration/snapshot';
import type { CounterBook } from './capacity-counters';
import type {
  CounterState,
  CutoffState,
  DateRejection,
  FilteredDate,
  IndexRange,
  RejectionReason,
  SearchExplanation,
} from './explanation.types';

const HEAD = 40;
const TAIL = 10;

interface RawRejection {
  readonly day: DayNumber;
  readonly reason: RejectionReason;
  /** HOLIDAY */
  readonly node?: string;
  /** CUTOFF_PASSED */
  readonly cutoff?: CutoffState;
  /** COUNTER_FULL */
  readonly counter?: CounterModel;
  readonly needed?: number;
  /** NO_OPEN_WINDOW: the last leg and the delivery date whose windows were all closed */
  readonly leg?: RouteModel;
  readonly deliveryDay?: DayNumber;
}

interface RawSearch {
  readonly step: SearchExplanation['step'];
  readonly ref: string;
  readonly purpose: SearchExplanation['purpose'];
  readonly from: DayNumber;
  readonly to: DayNumber;
  readonly rejected: RawRejection[];
  found: DayNumber | null;
}

/** Keeps the first HEAD and the last TAIL entries pushed, counting the ones dropped between them. */
class HeadAndTail<T> {
  readonly kept: T[] = [];
  omitted = 0;

  push(entry: T): void {
    if (this.kept.length === HEAD + TAIL) {
      this.kept.splice(HEAD, 1);
      this.omitted++;
    }
    this.kept.push(entry);
  }

  /** positions (0-based, in push order) of the dropped entries */
  get omittedIndexes(): IndexRange | null {
    return this.omitted === 0 ? null : { from: HEAD, to: HEAD + this.omitted - 1 };
  }
}

/** What a path's searches need to know besides the counters: only explanations build one. */
export interface PathRecorderContext {
  readonly counters: CounterBook;
  readonly windowClosedByTime: (startMinutes: number, date: DayNumber) => boolean;
  /** E1.7: windows report no counter */
  readonly calendarOnly: boolean;
  /** the purchase date and the cut-off that moved the first search to the next day (E4.1), or null */
  readonly cutoffPassed: { readonly on: DayNumber; readonly state: CutoffState } | null;
}

export class PathRecorder {
  private readonly searches = new HeadAndTail<RawSearch>();
  private readonly filtered = new HeadAndTail<{ day: DayNumber; reason: FilteredDate['reason'] }>();
  private current: RawSearch | null = null;
  private purpose: SearchExplanation['purpose'] = 'FIRST';

  constructor(private readonly context: PathRecorderContext) {}

  /** from now on, searches look for later dates (E4.4) */
  laterDates(): void {
    this.purpose = 'LATER';
  }

  begin(step: SearchExplanation['step'], ref: string, from: DayNumber, to: DayNumber): void {
    const cutoff = this.context.cutoffPassed;
    if (step === 'PICKING' && this.purpose === 'FIRST' && cutoff !== null) {
      // the search starts the day after the purchase date; it is reported from the date the cut-off passed over
      const rejected: RawRejection[] = [{ day: cutoff.on, reason: 'CUTOFF_PASSED', cutoff: cutoff.state }];
      this.current = { step, ref, purpose: this.purpose, from: cutoff.on, to, rejected, found: null };
    } else {
      this.current = { step, ref, purpose: this.purpose, from, to, rejected: [], found: null };
    }
    this.searches.push(this.current);
  }

  reject(day: DayNumber, reason: 'NOT_PICKING_DAY' | 'NOT_DEPARTURE_DAY'): void {
    this.current?.rejected.push({ day, reason });
  }

  /** `node`: whose holiday it is */
  holiday(day: DayNumber, node: string): void {
    this.current?.rejected.push({ day, reason: 'HOLIDAY', node });
  }

  counterFull(counter: CounterModel, day: DayNumber, needed: number): void {
    this.current?.rejected.push({ day, reason: 'COUNTER_FULL', counter, needed });
  }

  noOpenWindow(leg: RouteModel, day: DayNumber, deliveryDay: DayNumber): void {
    this.current?.rejected.push({ day, reason: 'NO_OPEN_WINDOW', leg, deliveryDay });
  }

  found(day: DayNumber): void {
    if (this.current !== null) this.current.found = day;
  }

  filter(day: DayNumber, reason: FilteredDate['reason']): void {
    this.filtered.push({ day, reason });
  }

  searchesOf(): {
    searches: SearchExplanation[];
    omittedSearches: number;
    omittedSearchIndexes: IndexRange | null;
  } {
    return {
      searches: this.searches.kept.map((search) => ({
        step: search.step,
        ref: search.ref,
        purpose: search.purpose,
        from: formatDate(search.from),
        to: formatDate(search.to),
        rejected: search.rejected.map((rejection) => this.rejectionOf(rejection)),
        found: search.found === null ? null : formatDate(search.found),
      })),
      omittedSearches: this.searches.omitted,
      omittedSearchIndexes: this.searches.omittedIndexes,
    };
  }

  filteredOf(): {
    filtered: FilteredDate[];
    omittedFiltered: number;
    omittedFilteredIndexes: IndexRange | null;
  } {
    return {
      filtered: this.filtered.kept.map(({ day, reason }) => ({ deliveryDate: formatDate(day), reason })),
      omittedFiltered: this.filtered.omitted,
      omittedFilteredIndexes: this.filtered.omittedIndexes,
    };
  }

  private rejectionOf(raw: RawRejection): DateRejection {
    const rejection = { date: formatDate(raw.day), reason: raw.reason };
    if (raw.node !== undefined) return { ...rejection, node: raw.node };
    if (raw.cutoff !== undefined) return { ...rejection, cutoff: raw.cutoff };
    if (raw.counter !== undefined) {
      return { ...rejection, counter: this.counterState(raw.counter, raw.day, raw.needed as number) };
    }
    if (raw.leg !== undefined) {
      const deliveryDay = raw.deliveryDay as DayNumber;
      const windows = raw.leg.windows.map((window) => ({
        window: window.code,
        closedByTime: this.context.windowClosedByTime(window.startMinutes, deliveryDay),
        counter: this.context.calendarOnly ? null : this.counterState(window.counter, deliveryDay, 1),
      }));
      return { ...rejection, windows };
    }
    return rejection;
  }

  private counterState(counter: CounterModel, day: DayNumber, needed: number): CounterState {
    return {
      scope: counter.scope,
      ref: counter.ref,
      date: formatDate(day),
      used: this.context.counters.used(counter, day),
      capacity: this.context.counters.capacity(counter, day),
      needed,
    };
  }
}

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
  DateRejection,
  FilteredDate,
  RejectionReason,
  SearchExplanation,
} from './explanation.types';

const HEAD = 40;
const TAIL = 10;

interface RawRejection {
  readonly day: DayNumber;
  readonly reason: RejectionReason;
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
}

export class PathRecorder {
  private readonly searches = new HeadAndTail<RawSearch>();
  private readonly filtered = new HeadAndTail<{ day: DayNumber; reason: FilteredDate['reason'] }>();
  private current: RawSearch | null = null;
  private purpose: SearchExplanation['purpose'] = 'FIRST';

  constructor(
    private readonly counters: CounterBook,
    private readonly windowClosedByTime: (startMinutes: number, date: DayNumber) => boolean,
    /** the purchase date, when the picking cut-off moved the first search to the next day (E4.1) */
    private readonly cutoffPassedOn: DayNumber | null,
  ) {}

  /** from now on, searches look for later dates (E4.4) */
  laterDates(): void {
    this.purpose = 'LATER';
  }

  begin(step: SearchExplanation['step'], ref: string, from: DayNumber, to: DayNumber): void {
    this.current = { step, ref, purpose: this.purpose, from, to, rejected: [], found: null };
    if (step === 'PICKING' && this.purpose === 'FIRST' && this.cutoffPassedOn !== null) {
      this.current.rejected.push({ day: this.cutoffPassedOn, reason: 'CUTOFF_PASSED' });
    }
    this.searches.push(this.current);
  }

  reject(day: DayNumber, reason: RejectionReason): void {
    this.current?.rejected.push({ day, reason });
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

  searchesOf(): { searches: SearchExplanation[]; omittedSearches: number } {
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
    };
  }

  filteredOf(): { filtered: FilteredDate[]; omittedFiltered: number } {
    return {
      filtered: this.filtered.kept.map(({ day, reason }) => ({ deliveryDate: formatDate(day), reason })),
      omittedFiltered: this.filtered.omitted,
    };
  }

  private rejectionOf(raw: RawRejection): DateRejection {
    const rejection = { date: formatDate(raw.day), reason: raw.reason };
    if (raw.counter !== undefined) {
      return { ...rejection, counter: this.counterState(raw.counter, raw.day, raw.needed as number) };
    }
    if (raw.leg !== undefined) {
      const deliveryDay = raw.deliveryDay as DayNumber;
      const windows = raw.leg.windows.map((window) => ({
        window: window.code,
        ...this.counterState(window.counter, deliveryDay, 1),
        closedByTime: this.windowClosedByTime(window.startMinutes, deliveryDay),
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
      used: this.counters.used(counter, day),
      capacity: this.counters.capacity(counter, day),
      needed,
    };
  }
}

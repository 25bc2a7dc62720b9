import { Inject, Injectable } from '@nestjs/common';
import {
  runInSlices,
  Snapshot,
  UsageData,
  UsageMark,
  UsedUnits,
  UsedUnitsRow,
} from '@delivery/capacity-domain';
import { newPacer } from '../snapshot';
import { CAPACITY_USAGE_READER, type CapacityUsageReader } from './capacity-usage.port';

/** The most days kept: two of the longest ranges. Asked for more, the copy starts again from the days asked. */
const MAX_LEDGER_DAYS = 124;

interface Copy {
  readonly used: UsedUnits;
  readonly held: UsedUnits;
  /** the reservations `held` counts: those HELD at the last read */
  readonly holding: Set<string>;
  readonly from: number;
  readonly to: number;
  /** where the last read stood: the next one asks for the changes since */
  readonly mark: UsageMark;
}

/**
 * This replica's copy of the counters' used and held units on the days usage answers and gauges ask about
 * (docs/api.md, "GET {base}/capacity/usage"). The days are read whole once; then each read takes in the changes
 * since the last one's mark (`ChangesSince`), whichever replica made them — the counters reservations moved, read
 * again, and the units of reservations added to `held` when they start holding or taken off when they stop — in one
 * statement whose cost follows what changed, not the size of the network or the number of holds. A read's statement
 * starts after the read was asked for, so it sees every write committed before: a counter reported with `free` = n
 * takes a hold of n. Reads run one after another (each one short). The copy is of the active snapshot's counters
 * (another snapshot loads again); when the changes since the mark cannot be told, it loads again too.
 */
@Injectable()
export class CapacityUsageLedger {
  private copy: Copy | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(@Inject(CAPACITY_USAGE_READER) private readonly reader: CapacityUsageReader) {}

  /**
   * The used units of `snapshot`'s counters on (at least) the days [from, to] (days since 1970-01-01), and the HELD
   * units, as of now.
   */
  read(snapshot: Snapshot, from: number, to: number): Promise<UsageData> {
    const read = this.queue.then(() => this.upToDate(snapshot, from, to));
    this.queue = read.catch(() => undefined);
    return read;
  }

  private async upToDate(snapshot: Snapshot, from: number, to: number): Promise<UsageData> {
    let copy = this.copy;
    if (
      copy !== null &&
      (copy.used.snapshot !== snapshot ||
        Math.max(copy.to, to) - Math.min(copy.from, from) >= MAX_LEDGER_DAYS)
    )
      copy = null;
    const span =
      copy === null ? { from, to } : { from: Math.min(copy.from, from), to: Math.max(copy.to, to) };
    const load: number[] = [];
    for (let day = span.from; day <= span.to; day++)
      if (copy === null || day < copy.from || day > copy.to) load.push(day);
    const read = await this.reader.read({
      load,
      since: copy && { mark: copy.mark, from: copy.from, to: copy.to },
    });
    if (copy !== null && !read.changesKnown) {
      this.copy = null;
      return this.upToDate(snapshot, from, to);
    }
    const pacer = newPacer();
    let base: Pick<Copy, 'used' | 'held' | 'holding'>;
    if (copy !== null) base = copy;
    else {
      const none = await runInSlices(UsedUnits.of(snapshot), pacer);
      base = { used: none, held: none, holding: new Set() };
    }
    // the reservations that start holding or stop: their units added to `held`, or taken off
    const flipped: string[] = [];
    const heldChanges: UsedUnitsRow[] = [];
    for (const { identifier, held, taken } of read.reservations) {
      if (pacer.due()) await pacer.pause();
      if (held === base.holding.has(identifier)) continue;
      flipped.push(identifier);
      for (const take of taken) heldChanges.push(held ? take : { ...take, used: -take.used });
    }
    const used = await runInSlices(base.used.with(read.used), pacer);
    const held = await runInSlices(base.held.plus(heldChanges), pacer);
    const { holding } = base;
    for (const identifier of flipped) if (!holding.delete(identifier)) holding.add(identifier);
    this.copy = { used, held, holding, ...span, mark: read.mark };
    return { used, held };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { runInSlices, Snapshot, UsageData, UsedUnits } from '@delivery/capacity-domain';
import { eventLoopPacer } from '@delivery/persistence';
import { CAPACITY_USAGE_READER, CapacityUsageReader } from './capacity-usage.port';

/** The most days kept: two of the longest ranges. Asked for more, the copy starts again from the days asked. */
export const MAX_LEDGER_DAYS = 124;

interface Copy {
  readonly units: UsedUnits;
  readonly from: number;
  readonly to: number;
  readonly mark: string;
  readonly removals: string;
}

/**
 * This replica's copy of the counters' used units on the days usage answers and gauges ask about (docs/api.md,
 * "GET {base}/capacity/usage"): the days are loaded once, then each read brings them up to date with the counters
 * of the reservations written since the last one, whichever replica wrote them, in one statement whose cost follows
 * what changed, not the size of the network. A read's statement starts after the read was asked for, so it sees every write committed
 * before: a counter reported with `free` = n takes a hold of n. Reads run one after another (each one short). The
 * copy is of the active snapshot's counters (another snapshot loads again); deleted or truncated counters load it
 * again too.
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
      (copy.units.snapshot !== snapshot ||
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
    if (copy !== null && read.removals !== copy.removals) {
      this.copy = null;
      return this.upToDate(snapshot, from, to);
    }
    const pacer = eventLoopPacer();
    const base = copy?.units ?? (await runInSlices(UsedUnits.of(snapshot), pacer));
    const units = await runInSlices(base.with(read.used), pacer);
    this.copy = { units, ...span, mark: read.mark, removals: read.removals };
    return { used: units, held: read.held };
  }
}

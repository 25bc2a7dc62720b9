/** What the preview's backtest needs of storage (bound in configuration.module.ts). */
import type { RecordedPromise } from '@delivery/capacity-domain';

export const RECORDED_PROMISES = Symbol('RECORDED_PROMISES');

export interface RecordedPromises {
  /**
   * The promises whose order was placed in [`from`, `until`) (`firstDay`: the business day of `from`), in the order
   * they were made, each reservation's selections together, a bounded batch at a time (the next once `visit` has
   * settled). The request is on the first promise of each reservation, null on its others.
   */
  eachRecorded(
    from: Date,
    until: Date,
    firstDay: string,
    visit: (batch: RecordedPromise[]) => Promise<void>,
  ): Promise<void>;
}

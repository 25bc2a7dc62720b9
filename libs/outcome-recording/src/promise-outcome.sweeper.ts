import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { businessDate, formatDate, parseDate, type Clock } from '@delivery/capacity-domain';
import { RepeatingTask, ROOT_LOGGER } from '@delivery/platform';
import { OUTCOME_CLOCK } from './outcome.clock';
import { OUTCOME_SETTINGS, type OutcomeSettings } from './outcome.settings';
import { OUTCOME_STORE, type OutcomeStore } from './outcome-store.port';
import { evaluateAll } from './promise-evaluation';

/** Promises evaluated per transaction. */
export const EVALUATION_BATCH = 200;
const DAY_MS = 86_400_000;
/**
 * How long the day rows stay marked uncounted before a sweep recounts them: while pods of the previous version still
 * write promises during a rolling upgrade, at most one recount a minute (docs/accuracy.md, "Storage").
 */
export const UNCOUNTED_RECOUNT_AFTER_MS = 60_000;

export interface SweepResult {
  adopted: number;
  evaluated: number;
  removed: { promises: number; events: number };
  /** Day rows recounted because promises were written without counting them; null when not recounted. */
  recounted: number | null;
}

/**
 * What no single event does (docs/accuracy.md): orphans whose reservation has since been confirmed are adopted,
 * promises marked stale (adopted events, a confirmed reservation released) are evaluated again — in batches locked
 * with `SKIP LOCKED`, so every process can sweep at once — and rows older than the retention removed. Every
 * `sweepIntervalMs`; a failed sweep is logged and retried at the next tick. Last, the accuracy day rows are
 * recounted when promises were written without counting them a while ago (by a pod of the previous version during a
 * rolling upgrade, or by hand): one process recounts, the others pass.
 */
@Injectable()
export class PromiseOutcomeSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly ticks: RepeatingTask;
  private stopped = false;

  constructor(
    @Inject(OUTCOME_STORE) private readonly store: OutcomeStore,
    @Inject(OUTCOME_SETTINGS) private readonly settings: OutcomeSettings,
    @Inject(OUTCOME_CLOCK) private readonly clock: Clock,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    this.ticks = new RepeatingTask(
      async () => {
        const { adopted, evaluated, removed, recounted } = await this.sweep();
        if (adopted + evaluated + removed.promises + removed.events > 0)
          logger.info(
            `promise outcomes: ${adopted} promises adopted orphan events, ${evaluated} evaluated again, ` +
              `${removed.promises} promises and ${removed.events} events past the retention removed`,
          );
        if (recounted !== null)
          logger.info(
            `accuracy day rows recounted (${recounted} rows): promises had been written without counting them`,
          );
      },
      settings.sweepIntervalMs,
      (error) => logger.warn(`promise outcome sweep: ${error.message} (retrying at the next tick)`),
    );
  }

  onApplicationBootstrap(): void {
    this.ticks.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.ticks.stop();
  }

  async sweep(): Promise<SweepResult> {
    const adopted = await this.store.transaction((steps) => steps.adoptOrphans());
    let evaluated = 0;
    for (;;) {
      const count = await this.store.transaction(async (steps) => {
        const promises = await steps.lockStale(EVALUATION_BATCH);
        await steps.save(evaluateAll(promises, this.settings.timeZone));
        return promises.length;
      });
      evaluated += count;
      if (count < EVALUATION_BATCH || this.stopped) break;
    }
    const now = this.clock.now();
    const today = parseDate(businessDate(this.settings.timeZone, now)) as number;
    const removed = await this.store.removeBefore(
      formatDate(today - this.settings.retentionDays),
      new Date(now.getTime() - this.settings.retentionDays * DAY_MS),
    );
    const recounted = await this.store.recountUncounted(new Date(now.getTime() - UNCOUNTED_RECOUNT_AFTER_MS));
    return { adopted, evaluated, removed, recounted };
  }
}

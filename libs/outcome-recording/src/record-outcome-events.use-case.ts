import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import type { OutcomeEventsMessage } from '@delivery/contracts';
import { OUTCOME_CLOCK } from './outcome.clock';
import { OutcomeMetrics } from './outcome.metrics';
import { OUTCOME_SETTINGS, type OutcomeSettings } from './outcome.settings';
import { OUTCOME_STORE, type OutcomeStore } from './outcome-store.port';
import { evaluateAll } from './promise-evaluation';

export interface RecordedOutcomes {
  received: number;
  /** new events stored (orphans included) */
  stored: number;
  /** the same event again, in this batch or before: not stored twice */
  duplicates: number;
  /** stored, but matching no promise yet (an unknown reservation, one not confirmed, a selection it lacks) */
  orphans: number;
}

/**
 * A validated batch of outcome events, from the broker or over HTTP (docs/accuracy.md): in one transaction the new
 * events are stored (a duplicate is not), the promises they concern are locked with all their events, and their
 * outcomes computed again from everything known (so the order events arrive in does not matter) and saved. The
 * broker's message is acked, the HTTP answer sent, only after the commit.
 */
@Injectable()
export class RecordOutcomeEventsUseCase {
  constructor(
    @Inject(OUTCOME_STORE) private readonly store: OutcomeStore,
    @Inject(OUTCOME_SETTINGS) private readonly settings: OutcomeSettings,
    @Inject(OUTCOME_CLOCK) private readonly clock: Clock,
    private readonly metrics: OutcomeMetrics,
  ) {}

  async execute(message: OutcomeEventsMessage, source: 'http' | 'broker'): Promise<RecordedOutcomes> {
    const events = message.events.map((event) => ({
      reservationIdentifier: event.reservationIdentifier,
      selection: event.selection,
      type: event.type,
      occurredAt: new Date(event.occurredAt),
      reason: event.reason ?? null,
    }));
    const stored = await this.store.transaction(async (steps) => {
      const result = await steps.store(events, this.clock.now());
      const promises = await steps.lock(result.promises);
      await steps.save(evaluateAll(promises, this.settings.timeZone));
      return result;
    });
    const recorded = {
      received: events.length,
      stored: stored.stored,
      duplicates: events.length - stored.stored,
      orphans: stored.orphans,
    };
    this.metrics.record(source, 'stored', recorded.stored - recorded.orphans);
    this.metrics.record(source, 'orphan', recorded.orphans);
    this.metrics.record(source, 'duplicate', recorded.duplicates);
    return recorded;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { businessDate, parseDate, type Clock } from '@delivery/capacity-domain';
import { ActiveConfiguration, CLOCK, type LoadedConfiguration } from '../snapshot';
import { ReservationFitCheck, type ReservationRisk } from './reservation-fit.check';
import { RESERVATION_EVENTS, type ReservationEventPublisher } from './reservation-events.port';
import { RESERVATION_RISKS, type ReservationRiskStore, type RiskRecord } from './reservation-risk-store.port';
import { ReservationRiskMetrics, RISK_DAY_OFFSETS } from './reservation-risk.metrics';

/** Events per confirmed batch. */
const BATCH = 100;

/**
 * After a version goes live (docs/reservations.md, "After a change goes live"): the replica that claims the version
 * checks every holding reservation against it (against the version it replaced for a moved window) and writes the
 * risks, with the earliest promise of each — claim, check and record in one transaction, so a check that fails
 * leaves no claim behind. Every replica swaps the version in; one claim per version makes the check run once. Then
 * the outbox of `reservation.at-risk` events is published, batch after batch (a batch is marked published once the
 * broker confirmed it; without a broker the events wait), and the gauge is counted. The number at risk when this
 * replica checked the version, else null.
 */
@Injectable()
export class CheckLiveVersionUseCase {
  constructor(
    private readonly fitCheck: ReservationFitCheck,
    @Inject(RESERVATION_RISKS) private readonly risks: ReservationRiskStore,
    @Inject(RESERVATION_EVENTS) private readonly events: ReservationEventPublisher,
    private readonly active: ActiveConfiguration,
    private readonly metrics: ReservationRiskMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(next: LoadedConfiguration, previous: LoadedConfiguration | null): Promise<number | null> {
    const checked = await this.risks.transaction(async (steps) => {
      const now = this.clock.now();
      if (!(await steps.claim(next.version, now))) return null;
      const before = previous?.snapshot ?? next.snapshot;
      const found = await this.fitCheck.check(before, next.snapshot, now, {
        limit: Number.POSITIVE_INFINITY,
        onlyBrokenByChange: false,
      });
      await steps.record(next.version, found.listed.map(toRecord), this.clock.now());
      return found.total;
    });
    await this.publishOutbox();
    await this.count(next.version);
    return checked;
  }

  private async publishOutbox(): Promise<void> {
    while (this.events.isReady()) {
      const count = await this.risks.publishPending(BATCH, this.clock.now(), (rows) =>
        this.events.publish(rows),
      );
      if (count < BATCH) return;
    }
  }

  private async count(version: number): Promise<void> {
    const now = this.clock.now();
    const today = businessDate(this.active.get().snapshot.settings.timezone, now);
    const counts = new Array<number>(RISK_DAY_OFFSETS + 1).fill(0);
    const start = parseDate(today) ?? 0;
    for (const { date, count } of await this.risks.countByDate(version, now, today)) {
      const offset = Math.min((parseDate(date) ?? start) - start, RISK_DAY_OFFSETS);
      counts[offset] += count;
    }
    this.metrics.record(counts);
  }
}

function toRecord(risk: ReservationRisk): RiskRecord {
  const { reason, scope, ref, date, node } = risk.misfit;
  return {
    identifier: risk.identifier,
    reason,
    step: { scope, ref, date },
    node: node ?? null,
    selection: { ...risk.selection, deliveryWindow: risk.selection.deliveryWindow ?? null },
    earliestPromise: risk.earliestPromise,
  };
}

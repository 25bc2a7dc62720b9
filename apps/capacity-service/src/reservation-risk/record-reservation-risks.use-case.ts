import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import { CLOCK, type LoadedConfiguration } from '../snapshot';
import { ReservationFitCheck, type ReservationRisk } from './reservation-fit.check';
import { RESERVATION_RISKS, type ReservationRiskStore, type RiskRecord } from './reservation-risk-store.port';

/**
 * After a version goes live (docs/reservations.md, "After a change goes live"): the replica that claims the version
 * checks every holding reservation against it (against the version it replaced for a moved window) and writes the
 * risks, with the earliest promise of each, in one transaction. Every replica swaps the version in; one claim per
 * version makes the check run once. Null when another replica has it.
 */
@Injectable()
export class RecordReservationRisksUseCase {
  constructor(
    private readonly fitCheck: ReservationFitCheck,
    @Inject(RESERVATION_RISKS) private readonly risks: ReservationRiskStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(next: LoadedConfiguration, previous: LoadedConfiguration | null): Promise<number | null> {
    const now = this.clock.now();
    if (!(await this.risks.claim(next.version, now))) return null;
    const before = previous?.snapshot ?? next.snapshot;
    const found = await this.fitCheck.check(before, next.snapshot, now, {
      limit: Number.POSITIVE_INFINITY,
      onlyBrokenByChange: false,
    });
    await this.risks.record(next.version, found.listed.map(toRecord), this.clock.now());
    return found.total;
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

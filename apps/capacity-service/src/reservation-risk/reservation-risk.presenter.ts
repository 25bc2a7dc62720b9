import { RESERVATION_RISK_REASONS } from '@delivery/contracts';
import type {
  ReservationRiskReason,
  ReservationRiskResponse,
  ReservationRisksResponse,
} from '@delivery/contracts';
import type { FoundRisks, ReservationRisk } from './reservation-fit.check';

/** One risk as answered. */
export function presentRisk(risk: ReservationRisk): ReservationRiskResponse {
  const { reason, scope, ref, date, node } = risk.misfit;
  return {
    identifier: risk.identifier,
    status: risk.status,
    createdAt: risk.createdAt.toISOString(),
    reason,
    step: { scope, ref, date },
    node: node ?? null,
    selection: { ...risk.selection, deliveryWindow: risk.selection.deliveryWindow ?? null },
    earliestPromise: risk.earliestPromise,
  };
}

/** Every risk counted by reason (every reason of the contract present), those the check listed. */
export function presentRisks(found: FoundRisks): ReservationRisksResponse {
  const byReason = Object.fromEntries(
    RESERVATION_RISK_REASONS.map((reason) => [reason, found.byReason[reason]]),
  ) as Record<ReservationRiskReason, number>;
  return { total: found.total, byReason, listed: found.listed.map(presentRisk) };
}

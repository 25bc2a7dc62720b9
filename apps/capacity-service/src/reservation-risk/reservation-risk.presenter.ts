import { RESERVATION_RISK_REASONS } from '@delivery/contracts';
import type {
  ReservationRiskReason,
  ReservationRiskResponse,
  ReservationRisksResponse,
} from '@delivery/contracts';
import type { ReservationRisk } from './reservation-fit.check';

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

/** Every risk counted by reason, the first `limit` listed. */
export function presentRisks(risks: readonly ReservationRisk[], limit: number): ReservationRisksResponse {
  const byReason = Object.fromEntries(RESERVATION_RISK_REASONS.map((reason) => [reason, 0])) as Record<
    ReservationRiskReason,
    number
  >;
  for (const risk of risks) byReason[risk.misfit.reason] += 1;
  return { total: risks.length, byReason, listed: risks.slice(0, limit).map(presentRisk) };
}

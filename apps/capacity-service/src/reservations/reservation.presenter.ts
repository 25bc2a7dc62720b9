import type { ReservationResponse } from '@delivery/contracts';
import type { ReservationRecord } from '@delivery/capacity-domain';

/** R2.7: a stored reservation as answered (the body hash and the per-counter takes stay inside). */
export function presentReservation(
  record: Pick<ReservationRecord, 'identifier' | 'status' | 'holdExpiresAt' | 'createdAt' | 'selections'>,
): ReservationResponse {
  return {
    identifier: record.identifier,
    status: record.status,
    holdExpiresAt: record.holdExpiresAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    selections: record.selections.map((s) => ({
      origin: s.origin,
      dispatchMode: s.dispatchMode,
      destination: s.destination,
      deliveryDate: s.deliveryDate,
      deliveryWindow: s.deliveryWindow,
      plan: s.plan,
    })),
  };
}

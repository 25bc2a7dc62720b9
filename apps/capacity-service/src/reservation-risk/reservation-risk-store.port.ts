/** What recording, listing and publishing reservation risks need of storage (bound in reservation-risk.module.ts). */
import type { RiskFilter, RiskRecord, StoredRisk } from '@delivery/capacity-domain';

export type { RiskFilter, RiskRecord, StoredRisk } from '@delivery/capacity-domain';

export const RESERVATION_RISKS = Symbol('RESERVATION_RISKS');

export interface ReservationRiskStore {
  /** True when this call claimed the check of `version`. */
  claim(version: number, now: Date): Promise<boolean>;
  /** The risks of `version` and its check finished, in one transaction. */
  record(version: number, risks: readonly RiskRecord[], now: Date): Promise<void>;
  checked(version: number): Promise<boolean>;
  list(
    version: number,
    now: Date,
    filter: RiskFilter,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; items: StoredRisk[] }>;
  countByDate(version: number, now: Date, from: string): Promise<{ date: string; count: number }[]>;
  /** The outbox: newly at-risk reservations not yet published, handed to `publish`, marked when it resolves. */
  publishPending(
    limit: number,
    now: Date,
    publish: (risks: readonly StoredRisk[]) => Promise<void>,
  ): Promise<number>;
}

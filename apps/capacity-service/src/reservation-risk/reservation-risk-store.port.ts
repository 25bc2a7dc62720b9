/** What recording, listing and publishing reservation risks need of storage (bound in reservation-risk.module.ts). */
import type { RiskFilter, RiskRecord, StoredRisk } from '@delivery/capacity-domain';

export type { RiskFilter, RiskRecord, StoredRisk } from '@delivery/capacity-domain';

export const RESERVATION_RISKS = Symbol('RESERVATION_RISKS');

/** The steps of one version's check, inside its one transaction. */
export interface RiskCheckSteps {
  /** True when this transaction claimed the check of `version`; another replica's claim waits for it to end. */
  claim(version: number, now: Date): Promise<boolean>;
  /** The risks of `version` and its check finished. */
  record(version: number, risks: readonly RiskRecord[], now: Date): Promise<void>;
}

export interface ReservationRiskStore {
  /** `work` in one transaction: committed when it resolves (claim, risks, finish), nothing written otherwise. */
  transaction<T>(work: (steps: RiskCheckSteps) => Promise<T>): Promise<T>;
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

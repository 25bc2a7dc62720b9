import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import {
  DEFAULT_RISK_PAGE_SIZE,
  type ReservationRiskPageResponse,
  type ReservationRiskQuery,
} from '@delivery/contracts';
import { ActiveConfiguration, CLOCK } from '../snapshot';
import { EarliestPromises } from './earliest-promises';
import { RESERVATION_RISKS, type ReservationRiskStore, type StoredRisk } from './reservation-risk-store.port';
import { presentRisk } from './reservation-risk.presenter';

/**
 * `GET {base}/delivery/capacity/reservations/at-risk`: one page of the risks recorded for the active version whose
 * reservation still holds now, filtered by reason, delivery date and origin, each with the earliest promise the
 * active version gives its order now (`EarliestPromises`: never a plan with a step before today).
 */
@Injectable()
export class ListReservationRisksUseCase {
  constructor(
    private readonly active: ActiveConfiguration,
    @Inject(RESERVATION_RISKS) private readonly risks: ReservationRiskStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly promises: EarliestPromises,
  ) {}

  async execute(query: ReservationRiskQuery): Promise<ReservationRiskPageResponse> {
    const { version, snapshot } = this.active.get();
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_RISK_PAGE_SIZE;
    const { reason, deliveryDate, origin } = query;
    // first whether the check finished, then the list: a check finishing in between is then listed whole
    const checked = await this.risks.checked(version);
    const now = this.clock.now();
    const found = await this.risks.list(
      version,
      now,
      { reason, deliveryDate, origin },
      { offset: (page - 1) * pageSize, limit: pageSize },
    );
    // the promise as of now: the one recorded at the check may have a step before today by the time it is read
    const promises = new Map<string, StoredRisk['earliestPromise']>();
    await this.promises.of(snapshot, now, found.items, (risk, promise) =>
      promises.set(risk.identifier, promise),
    );
    return {
      configurationVersion: version,
      checked,
      page,
      pageSize,
      total: found.total,
      items: found.items.map((risk: StoredRisk) =>
        presentRisk({
          identifier: risk.identifier,
          status: risk.status,
          createdAt: risk.createdAt,
          misfit: { ...risk.step, reason: risk.reason as never, node: risk.node ?? undefined },
          selection: risk.selection,
          earliestPromise: promises.get(risk.identifier) ?? null,
        }),
      ),
    };
  }
}

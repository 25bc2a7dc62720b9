import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import { CreateReservationRequest, DEFAULT_HOLD_MINUTES } from '@delivery/contracts';
import { ApiError, validationError } from '@delivery/platform';
import { CapacityCalculator } from '../delivery-capacity';
import { CLOCK } from '../snapshot';
import { reservationBodyHash } from './reservation-body.hash';
import { fullSelections, planReservation, SelectionProblem } from './reservation-plan';
import {
  RESERVATION_STORE,
  type NewReservation,
  type ReservationRecord,
  type ReservationStore,
} from './reservation-store.port';
import { INVALID_RESERVATION } from './reservation-request.pipe';
import { capacityError, idempotencyConflict } from './reservation.errors';
import { ReservationMetrics } from './reservation.metrics';
import type { ErrorResponseCode } from '@delivery/contracts';

export interface CreatedReservation {
  /** false when the identifier already held a reservation with the same body (R2.4: 200, not 201) */
  created: boolean;
  reservation: ReservationRecord;
}

/**
 * `POST {base}/delivery/capacity/reservations` (R2.1–R2.4): recompute the request with the calculation's own path
 * (same snapshot, same read, same engine), match the selections to its groups and dates, and write the hold and
 * every counter it takes in one statement that either takes them all or nothing.
 */
@Injectable()
export class CreateReservationUseCase {
  constructor(
    private readonly calculator: CapacityCalculator,
    @Inject(RESERVATION_STORE) private readonly reservations: ReservationStore,
    private readonly metrics: ReservationMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(body: CreateReservationRequest): Promise<CreatedReservation> {
    const holdMinutes = body.holdMinutes ?? DEFAULT_HOLD_MINUTES;
    const bodyHash = reservationBodyHash(body, holdMinutes);
    const outcome = await this.calculator.calculate(body.request);
    if (outcome.kind === 'invalid') {
      this.metrics.record('create', 'invalid');
      const errors = outcome.errors.map(({ field, message }) => ({ field: `request.${field}`, message }));
      throw validationError(errors, INVALID_RESERVATION);
    }
    if (outcome.layout !== 'A') throw new Error('a reservation request is always layout A');

    const plan = planReservation(outcome.groupPlans, body.selections);
    if (!plan.ok) return this.existing(body, bodyHash, plan.problems);

    const now = this.clock.now();
    const reservation: NewReservation = {
      identifier: body.identifier,
      bodyHash,
      createdAt: now,
      holdExpiresAt: new Date(now.getTime() + holdMinutes * 60_000),
      selections: plan.selections,
      taken: plan.taken,
      request: body.request,
    };
    const result = await this.reservations.reserve(reservation);
    switch (result.kind) {
      case 'created':
        this.metrics.record('create', 'created');
        return {
          created: true,
          reservation: { ...reservation, status: 'HELD', confirmedAt: null, endedAt: null },
        };
      case 'duplicate':
        return this.existing(body, bodyHash, []);
      case 'full':
        this.metrics.record('create', 'full');
        throw capacityError(
          body.selections,
          fullSelections(reservation.selections, result.counters),
          result.counters,
        );
    }
  }

  /**
   * R2.4 when the identifier is taken: the same body answers the stored reservation, another is a conflict. When it
   * is free, the selections' problems stand (a retry of a reservation whose dates have since filled still gets
   * its reservation back, not a 409).
   */
  private async existing(
    body: CreateReservationRequest,
    bodyHash: string,
    problems: readonly SelectionProblem[],
  ): Promise<CreatedReservation> {
    const stored = await this.reservations.find(body.identifier);
    if (stored === null) {
      if (problems.length === 0)
        throw new ApiError<ErrorResponseCode>(
          500,
          'CALCULATION_ERROR',
          'reservation vanished after a conflict',
        );
      this.metrics.record('create', 'not_available');
      throw capacityError(body.selections, problems);
    }
    if (stored.bodyHash !== bodyHash) {
      this.metrics.record('create', 'idempotency_conflict');
      throw idempotencyConflict(body.identifier);
    }
    this.metrics.record('create', 'replayed');
    return { created: false, reservation: stored };
  }
}

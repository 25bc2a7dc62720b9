import { Inject, Injectable } from '@nestjs/common';
import {
  businessDate,
  fullSelections,
  planReservation,
  type CalculateDeliveryCapacityRequest,
  type Clock,
  type NewReservation,
  type ReservationRecord,
  type ReservationSelection,
  type SelectionProblem,
} from '@delivery/capacity-domain';
import { ApiError, validationError } from '@delivery/platform';
import { CapacityCalculator } from '../delivery-capacity';
import { ActiveConfiguration, CLOCK } from '../snapshot';
import { reservationBodyHash } from './reservation-body.hash';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { capacityError, idempotencyConflict, INVALID_RESERVATION } from './reservation.errors';
import { ReservationMetrics } from './reservation.metrics';
import type { ErrorResponseCode } from '@delivery/contracts';

/** What a hold asks: the identifier, the layout A request to compute again, the selections, the hold's length. */
export interface CreateReservationCommand {
  readonly identifier: string;
  readonly request: CalculateDeliveryCapacityRequest;
  readonly selections: readonly ReservationSelection[];
  readonly holdMinutes: number;
}

export interface CreatedReservation {
  /** false when the identifier already held a reservation with the same body (R2.4: 200, not 201) */
  created: boolean;
  reservation: ReservationRecord;
}

/**
 * `POST {base}/delivery/capacity/reservations` (R2.1–R2.4): recompute the request with the calculation's own path
 * (same snapshot, same read, same engine), match the selections to its groups and dates (no step of a plan before
 * the business today), and write the hold and every counter it takes in one statement that either takes them all or
 * nothing.
 */
@Injectable()
export class CreateReservationUseCase {
  constructor(
    private readonly calculator: CapacityCalculator,
    @Inject(RESERVATION_STORE) private readonly reservations: ReservationStore,
    private readonly metrics: ReservationMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly active: ActiveConfiguration,
  ) {}

  async execute(command: CreateReservationCommand): Promise<CreatedReservation> {
    const bodyHash = reservationBodyHash(command);
    const now = this.clock.now();
    const today = businessDate(this.active.get().snapshot.settings.timezone, now);
    const outcome = await this.calculator.calculate(command.request);
    if (outcome.kind === 'invalid') {
      this.metrics.record('create', 'invalid');
      const errors = outcome.errors.map(({ field, message }) => ({ field: `request.${field}`, message }));
      throw validationError(errors, INVALID_RESERVATION);
    }
    if (outcome.layout !== 'A') throw new Error('a reservation request is always layout A');

    // no step before today (a request with a past purchase date computes a past plan): 409 CAPACITY_ERROR
    const plan = planReservation(outcome.groupPlans, command.selections, today);
    if (!plan.ok) return this.existing(command, bodyHash, plan.problems);

    const reservation: NewReservation = {
      identifier: command.identifier,
      bodyHash,
      createdAt: now,
      holdExpiresAt: new Date(now.getTime() + command.holdMinutes * 60_000),
      selections: plan.selections,
      taken: plan.taken,
      request: command.request,
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
        return this.existing(command, bodyHash, []);
      case 'full':
        this.metrics.record('create', 'full');
        throw capacityError(
          command.selections,
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
    command: CreateReservationCommand,
    bodyHash: string,
    problems: readonly SelectionProblem[],
  ): Promise<CreatedReservation> {
    const stored = await this.reservations.find(command.identifier);
    if (stored === null) {
      if (problems.length === 0)
        throw new ApiError<ErrorResponseCode>(
          500,
          'CALCULATION_ERROR',
          'reservation vanished after a conflict',
        );
      this.metrics.record('create', 'not_available');
      throw capacityError(command.selections, problems);
    }
    if (stored.bodyHash !== bodyHash) {
      this.metrics.record('create', 'idempotency_conflict');
      throw idempotencyConflict(command.identifier);
    }
    this.metrics.record('create', 'replayed');
    return { created: false, reservation: stored };
  }
}

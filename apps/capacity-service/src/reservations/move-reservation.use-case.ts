import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  businessDate,
  earliestPromise,
  fullSelections,
  isHolding,
  placedFrom,
  planReservation,
  type Clock,
  type ReservationRecord,
} from '@delivery/capacity-domain';
import type { MoveReservationRequest, ReservationSelectionRequest } from '@delivery/contracts';
import { CapacityCalculator } from '../delivery-capacity';
import { ActiveConfiguration, CLOCK } from '../snapshot';
import { canonicalJson } from './reservation-body.hash';
import { RESERVATION_MOVES, type ReservationMoveStore } from './reservation-move.port';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { RESERVATION_WRITES, type ReservationWrites } from './reservation-writes.port';
import { capacityError, reservationNotFound, reservationNotHeld } from './reservation.errors';
import { moveConflict, reservationNotMovable } from './reservation-move.errors';
import { ReservationMetrics } from './reservation.metrics';

/**
 * `POST {base}/delivery/capacity/reservations/{identifier}/move` (docs/reservations.md, "Moving a reservation"): the
 * reservation's own request computed again on the active configuration, the given selections (or, for each group it
 * holds, the earliest promise) matched to its groups as a hold matches them, then one transaction that takes the new
 * counters and gives back the old ones (a confirmed reservation's promises rewritten in it), or writes nothing. The
 * move identifier is the idempotency key.
 */
@Injectable()
export class MoveReservationUseCase {
  constructor(
    private readonly calculator: CapacityCalculator,
    @Inject(RESERVATION_STORE) private readonly reservations: ReservationStore,
    @Inject(RESERVATION_MOVES) private readonly moves: ReservationMoveStore,
    @Inject(RESERVATION_WRITES) private readonly writes: ReservationWrites,
    private readonly metrics: ReservationMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly active: ActiveConfiguration,
  ) {}

  async execute(identifier: string, body: MoveReservationRequest): Promise<ReservationRecord> {
    const bodyHash = moveBodyHash(identifier, body);
    const stored = await this.reservations.find(identifier);
    if (stored === null) throw this.failed('not_found', reservationNotFound(identifier));
    const earlier = await this.moves.findMove(body.moveIdentifier);
    if (earlier !== null) {
      if (earlier.identifier !== identifier || earlier.bodyHash !== bodyHash)
        throw this.failed('idempotency_conflict', moveConflict(body.moveIdentifier, identifier));
      this.metrics.record('move', 'replayed');
      return stored;
    }
    const now = this.clock.now();
    if (!isHolding(stored, now)) throw this.failed('not_held', reservationNotHeld(stored, now));
    if (stored.request === null)
      throw this.failed(
        'not_movable',
        reservationNotMovable(identifier, 'it was reserved before reservations kept their request'),
      );

    // the order as if placed today: its plans start today at the earliest, so no promise is made in the past
    const today = businessDate(this.active.get().snapshot.settings.timezone, now);
    const outcome = await this.calculator.calculate(placedFrom(stored.request, today));
    if (outcome.kind === 'invalid' || outcome.layout !== 'A')
      throw this.failed(
        'not_movable',
        reservationNotMovable(identifier, 'its request is no longer a valid layout A request'),
      );
    const selections = body.selections ?? suggested(outcome.groupPlans, stored);
    const plan = planReservation(outcome.groupPlans, selections, today);
    if (!plan.ok) throw this.failed('not_available', capacityError(selections, plan.problems));

    const result = await this.writes.transaction(async (reservations, promises) => {
      const moved = await reservations.move({
        moveIdentifier: body.moveIdentifier,
        identifier,
        bodyHash,
        movedAt: now,
        selections: plan.selections,
        taken: plan.taken,
      });
      // a confirmed reservation's promises follow the new plan
      if (moved.kind === 'moved' && moved.confirmedAt !== null)
        await promises.planned([
          {
            identifier,
            selections: plan.selections,
            createdAt: stored.createdAt,
            confirmedAt: moved.confirmedAt,
          },
        ]);
      return moved;
    });
    switch (result.kind) {
      case 'moved':
        this.metrics.record('move', 'moved');
        return { ...stored, selections: plan.selections, taken: plan.taken };
      case 'replayed': // the same move, committed meanwhile by a concurrent call
        this.metrics.record('move', 'replayed');
        return (await this.reservations.find(identifier)) ?? stored;
      case 'conflict':
        throw this.failed('idempotency_conflict', moveConflict(body.moveIdentifier, identifier));
      case 'not_found':
        throw this.failed('not_found', reservationNotFound(identifier));
      case 'not_held':
        throw this.failed('not_held', reservationNotHeld({ ...stored, status: result.status }, now));
      case 'full': {
        const problems = fullSelections(plan.selections, result.counters);
        throw this.failed('full', capacityError(selections, problems, result.counters));
      }
    }
  }

  private failed<E>(outcome: Parameters<ReservationMetrics['record']>[1], error: E): E {
    this.metrics.record('move', outcome);
    return error;
  }
}

/** Each group the reservation holds, on its earliest promise (the first listed date, first open window). */
function suggested(
  groupPlans: Parameters<typeof earliestPromise>[0],
  stored: ReservationRecord,
): ReservationSelectionRequest[] {
  return stored.selections.map((selection) => {
    const { origin, dispatchMode, destination } = selection;
    const promise = earliestPromise(groupPlans, selection);
    // no promise: the reserved date stays named, and the plan says why it cannot be taken
    return promise === null
      ? { origin, dispatchMode, destination, deliveryDate: selection.deliveryDate }
      : { origin, dispatchMode, destination, ...promise };
  });
}

/** What makes two moves "the same": the reservation and the selections asked for (none: the suggested ones). */
function moveBodyHash(identifier: string, body: MoveReservationRequest): string {
  return createHash('sha256')
    .update(canonicalJson({ identifier, selections: body.selections ?? null }))
    .digest('hex');
}

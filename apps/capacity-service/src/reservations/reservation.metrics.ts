import { Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import { MetricsService } from '@delivery/platform';

export type ReservationOperation = 'create' | 'confirm' | 'release' | 'move';
export type ReservationOutcome =
  | 'created'
  | 'replayed'
  | 'not_available'
  | 'full'
  | 'idempotency_conflict'
  | 'invalid'
  | 'confirmed'
  | 'not_held'
  | 'released'
  | 'unchanged'
  | 'not_found'
  | 'moved'
  | 'not_movable';

/** Reservation metrics (docs/operations.md): operations by outcome, and holds this replica's sweeper expired. */
@Injectable()
export class ReservationMetrics {
  readonly operations: Counter<'operation' | 'outcome'>;
  readonly expired: Counter;

  constructor(metrics: MetricsService) {
    this.operations = metrics.counter(
      'capacity_reservations_total',
      'Reservation operations by operation (create, confirm, release, move) and outcome',
      ['operation', 'outcome'],
    );
    this.expired = metrics.counter(
      'capacity_reservations_expired_total',
      "Holds expired and given back by this replica's sweeper",
    );
  }

  record(operation: ReservationOperation, outcome: ReservationOutcome): void {
    this.operations.inc({ operation, outcome });
  }
}

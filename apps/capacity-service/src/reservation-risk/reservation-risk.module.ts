import { Module } from '@nestjs/common';
import {
  HoldingReservationsReader,
  ReservationRiskRepository,
  reservationEventsTopology,
} from '@delivery/capacity-data-access';
import { Messaging } from '@delivery/messaging';
import { Database } from '@delivery/persistence';
import { DeliveryCapacityModule } from '../delivery-capacity';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { CheckLiveVersionUseCase } from './check-live-version.use-case';
import { EarliestPromises } from './earliest-promises';
import { HOLDING_RESERVATIONS, type HoldingReservations } from './holding-reservations.port';
import { ListReservationRisksUseCase } from './list-reservation-risks.use-case';
import { ReservationFitCheck } from './reservation-fit.check';
import { ReservationRiskQueryPipe } from './reservation-risk-query.pipe';
import { RESERVATION_RISKS, type ReservationRiskStore } from './reservation-risk-store.port';
import { ReservationAtRiskPublisher } from './reservation-at-risk.publisher';
import { RESERVATION_EVENTS, type ReservationEventPublisher } from './reservation-events.port';
import { ReservationRiskMetrics } from './reservation-risk.metrics';
import { ReservationRiskTasks } from './reservation-risk.tasks';
import { ReservationRisksController } from './reservation-risks.controller';

/**
 * Reservations a configuration breaks (docs/reservations.md): the check the configuration preview runs against a
 * candidate; after a version goes live, the same check once per version, its list, the `reservation.at-risk`
 * events and the gauge. Computes orders with the delivery-capacity module's `CapacityCalculator`.
 */
@Module({
  imports: [DeliveryCapacityModule],
  controllers: [ReservationRisksController],
  providers: [
    {
      provide: HOLDING_RESERVATIONS,
      inject: [Database],
      useFactory: (database: Database): HoldingReservations => new HoldingReservationsReader(database),
    },
    {
      provide: RESERVATION_RISKS,
      inject: [Database, CAPACITY_CONFIG],
      useFactory: (database: Database, config: CapacityConfig): ReservationRiskStore =>
        new ReservationRiskRepository(database, config.RESERVATION_RISK_CLAIM_TAKEOVER_MS),
    },
    {
      // the app's messaging when it has a broker (app.module.ts: AMQP_URL set); without one the events wait
      provide: RESERVATION_EVENTS,
      inject: [{ token: Messaging, optional: true }],
      useFactory: (messaging?: Messaging): ReservationEventPublisher =>
        new ReservationAtRiskPublisher(messaging?.publisher ?? null, reservationEventsTopology()),
    },
    EarliestPromises,
    ReservationFitCheck,
    CheckLiveVersionUseCase,
    ListReservationRisksUseCase,
    ReservationRiskQueryPipe,
    ReservationRiskMetrics,
    ReservationRiskTasks,
  ],
  exports: [ReservationFitCheck],
})
export class ReservationRiskModule {}

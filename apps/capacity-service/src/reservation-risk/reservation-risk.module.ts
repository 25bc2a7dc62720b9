import { Module } from '@nestjs/common';
import {
  HoldingReservationsReader,
  ReservationRiskRepository,
  reservationEventsTopology,
} from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { CAPACITY_CONFIG, type CapacityConfig } from '../capacity.config';
import { DeliveryCapacityModule } from '../delivery-capacity';
import { EarliestPromises } from './earliest-promises';
import { HOLDING_RESERVATIONS, type HoldingReservations } from './holding-reservations.port';
import { ListReservationRisksUseCase } from './list-reservation-risks.use-case';
import { RecordReservationRisksUseCase } from './record-reservation-risks.use-case';
import { ReservationFitCheck } from './reservation-fit.check';
import { ReservationRiskQueryPipe } from './reservation-risk-query.pipe';
import { RESERVATION_RISKS, type ReservationRiskStore } from './reservation-risk-store.port';
import {
  RESERVATION_EVENTS_SETTINGS,
  ReservationRiskEvents,
  type ReservationEventsSettings,
} from './reservation-risk.events';
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
      inject: [Database],
      useFactory: (database: Database): ReservationRiskStore => new ReservationRiskRepository(database),
    },
    {
      provide: RESERVATION_EVENTS_SETTINGS,
      inject: [CAPACITY_CONFIG],
      useFactory: (config: CapacityConfig): ReservationEventsSettings => ({
        url: config.AMQP_URL ?? null,
        topology: reservationEventsTopology(),
      }),
    },
    EarliestPromises,
    ReservationFitCheck,
    RecordReservationRisksUseCase,
    ListReservationRisksUseCase,
    ReservationRiskQueryPipe,
    ReservationRiskEvents,
    ReservationRiskMetrics,
    ReservationRiskTasks,
  ],
  exports: [ReservationFitCheck],
})
export class ReservationRiskModule {}

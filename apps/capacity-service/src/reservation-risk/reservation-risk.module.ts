import { Module } from '@nestjs/common';
import { HoldingReservationsReader } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { DeliveryCapacityModule } from '../delivery-capacity';
import { HOLDING_RESERVATIONS, type HoldingReservations } from './holding-reservations.port';
import { ReservationFitCheck } from './reservation-fit.check';

/**
 * Reservations a configuration breaks (docs/reservations.md, "When a change breaks a reservation"): the check the
 * configuration preview runs against a candidate. Computes orders with the delivery-capacity module's
 * `CapacityCalculator`.
 */
@Module({
  imports: [DeliveryCapacityModule],
  providers: [
    {
      provide: HOLDING_RESERVATIONS,
      inject: [Database],
      useFactory: (database: Database): HoldingReservations => new HoldingReservationsReader(database),
    },
    ReservationFitCheck,
  ],
  exports: [ReservationFitCheck],
})
export class ReservationRiskModule {}

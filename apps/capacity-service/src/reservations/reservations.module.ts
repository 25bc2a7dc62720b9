import { Module } from '@nestjs/common';
import { CapacityReservationRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { DeliveryCapacityModule } from '../delivery-capacity';
import { ConfirmReservationUseCase } from './confirm-reservation.use-case';
import { CreateReservationUseCase } from './create-reservation.use-case';
import { GetReservationUseCase } from './get-reservation.use-case';
import { ReleaseReservationUseCase } from './release-reservation.use-case';
import { ReservationRequestPipe } from './reservation-request.pipe';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { ReservationMetrics } from './reservation.metrics';
import { ReservationSweeper } from './reservation.sweeper';
import { ReservationsController } from './reservations.controller';

/** Holds, confirmations and releases (docs/reservations.md); a hold recomputes its request with `CapacityCalculator`. */
@Module({
  imports: [DeliveryCapacityModule],
  controllers: [ReservationsController],
  providers: [
    {
      // the application's pool: reservations need no connections of their own
      provide: RESERVATION_STORE,
      inject: [Database],
      useFactory: (database: Database): ReservationStore => new CapacityReservationRepository(database),
    },
    ReservationMetrics,
    CreateReservationUseCase,
    ConfirmReservationUseCase,
    ReleaseReservationUseCase,
    GetReservationUseCase,
    ReservationRequestPipe,
    ReservationSweeper,
  ],
})
export class ReservationsModule {}

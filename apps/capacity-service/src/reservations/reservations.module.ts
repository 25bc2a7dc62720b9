import { Module } from '@nestjs/common';
import { DeliveryCapacityModule } from '../delivery-capacity';
import { CatchUpPromisesUseCase } from './catch-up-promises.use-case';
import { ConfirmReservationUseCase } from './confirm-reservation.use-case';
import { CreateReservationUseCase } from './create-reservation.use-case';
import { GetReservationUseCase } from './get-reservation.use-case';
import { ReleaseReservationUseCase } from './release-reservation.use-case';
import { MoveReservationPipe } from './move-reservation.pipe';
import { MoveReservationUseCase } from './move-reservation.use-case';
import { ReservationRequestPipe } from './reservation-request.pipe';
import { ReservationMetrics } from './reservation.metrics';
import { reservationProviders } from './reservations.providers';
import { ReservationSweeper } from './reservation.sweeper';
import { ReservationMoveController } from './reservation-move.controller';
import { ReservationsController } from './reservations.controller';

/** Holds, confirmations, releases and moves (docs/reservations.md); a hold recomputes its request with `CapacityCalculator`. */
@Module({
  imports: [DeliveryCapacityModule],
  controllers: [ReservationsController, ReservationMoveController],
  providers: [
    ...reservationProviders,
    ReservationMetrics,
    CreateReservationUseCase,
    CatchUpPromisesUseCase,
    ConfirmReservationUseCase,
    ReleaseReservationUseCase,
    GetReservationUseCase,
    MoveReservationUseCase,
    MoveReservationPipe,
    ReservationRequestPipe,
    ReservationSweeper,
  ],
})
export class ReservationsModule {}

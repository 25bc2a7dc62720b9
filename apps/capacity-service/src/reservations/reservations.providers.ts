/** What reservations add to capacity-service (AppModule lists them beside the calculation's own providers). */
import type { Provider, Type } from '@nestjs/common';
import { CapacityReservationRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { ConfirmReservationUseCase } from './confirm-reservation.use-case';
import { CreateReservationUseCase } from './create-reservation.use-case';
import { GetReservationUseCase } from './get-reservation.use-case';
import { ReleaseReservationUseCase } from './release-reservation.use-case';
import { ReservationIdentifierPipe, ReservationRequestPipe } from './reservation-request.pipe';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { ReservationMetrics } from './reservation.metrics';
import { ReservationSweeper } from './reservation.sweeper';
import { ReservationsController } from './reservations.controller';

export const RESERVATION_CONTROLLERS: Type[] = [ReservationsController];

export const RESERVATION_PROVIDERS: Provider[] = [
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
  ReservationIdentifierPipe,
  ReservationSweeper,
];

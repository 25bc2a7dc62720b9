/** What reservations add to capacity-service (AppModule lists them beside the calculation's own providers). */
import type { Provider, Type } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { CapacityReservationRepository } from '@delivery/persistence';
import { ConfirmReservationUseCase } from './confirm-reservation.use-case';
import { CreateReservationUseCase } from './create-reservation.use-case';
import { GetReservationUseCase } from './get-reservation.use-case';
import { ReleaseReservationUseCase } from './release-reservation.use-case';
import { ReservationIdentifierPipe, ReservationRequestPipe } from './reservation-request.pipe';
import { ReservationMetrics } from './reservation.metrics';
import { ReservationSweeper } from './reservation.sweeper';
import { ReservationsController } from './reservations.controller';

export const RESERVATION_CONTROLLERS: Type[] = [ReservationsController];

export const RESERVATION_PROVIDERS: Provider[] = [
  {
    // the application pool's `pg` Pool itself: reservations run named (prepared) statements, which TypeORM's
    // `query` cannot, and need no connections of their own
    provide: CapacityReservationRepository,
    inject: [DataSource],
    useFactory: (dataSource: DataSource) =>
      new CapacityReservationRepository((dataSource.driver as PostgresDriver).master as Pool),
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

import type { Provider } from '@nestjs/common';
import {
  CapacityReservationRepository,
  DeliveryPromiseRepository,
  ReservationTransactions,
} from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { RESERVATION_MOVES } from './reservation-move.port';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { RESERVATION_WRITES, type ReservationWrites } from './reservation-writes.port';

/** The adapters of the reservation ports, on the application's pool: reservations need no connections of their own. */
export const reservationProviders: Provider[] = [
  {
    provide: RESERVATION_STORE,
    inject: [Database],
    useFactory: (database: Database): ReservationStore => new CapacityReservationRepository(database),
  },
  // moves are looked up by the same repository: one statement each, on the same pool
  { provide: RESERVATION_MOVES, useExisting: RESERVATION_STORE },
  {
    // a confirmation, a move or a release, and its delivery promises (the outcomes' adapter), in one transaction
    provide: RESERVATION_WRITES,
    inject: [Database],
    useFactory: (database: Database): ReservationWrites =>
      new ReservationTransactions(database, (sql) => new DeliveryPromiseRepository(sql)),
  },
];

import { Inject, Injectable } from '@nestjs/common';
import { RESERVATION_WRITES, type ReservationWrites } from './reservation-writes.port';

/** Reservations whose promises are written per transaction. */
export const CATCH_UP_BATCH = 100;

/**
 * The promises of the reservations a writer that writes none confirmed, moved or released (a previous release's
 * replica during a rolling upgrade, docs/operations.md "Rolling upgrades"), written from each reservation as it is
 * now, through the promises port, in the transaction that takes its mark: a confirmed one (moved or not) gets a
 * promise per selection, as its confirmation or move gives them; a released one that had been confirmed gets them
 * released. Taking a mark removes it, so each write is caught up once; writing again is harmless (the same rows).
 * Run by every replica's reservation sweep; the number of reservations caught up.
 */
@Injectable()
export class CatchUpPromisesUseCase {
  constructor(@Inject(RESERVATION_WRITES) private readonly writes: ReservationWrites) {}

  async execute(): Promise<number> {
    let caughtUp = 0;
    for (;;) {
      const batch = await this.writes.transaction(async (reservations, promises) => {
        const taken = await reservations.takeUnpromised(CATCH_UP_BATCH);
        const promised = taken.flatMap((reservation) =>
          reservation.confirmedAt === null ? [] : [{ ...reservation, confirmedAt: reservation.confirmedAt }],
        );
        if (promised.length > 0) await promises.planned(promised);
        for (const reservation of taken)
          if (reservation.confirmedAt !== null && reservation.status === 'RELEASED')
            await promises.released(reservation.identifier);
        return taken.length;
      });
      caughtUp += batch;
      if (batch < CATCH_UP_BATCH) return caughtUp;
    }
  }
}

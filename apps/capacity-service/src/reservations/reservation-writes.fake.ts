import { TurnBatcher } from '@delivery/persistence';
import type {
  MoveResult,
  NewReservation,
  ReservationMove,
  ReservationRecord,
  ReserveResult,
} from '@delivery/capacity-domain';
import type { CalculateDeliveryCapacityRequest } from '@delivery/capacity-domain';
import { e10Request } from '../testing/capacity-fixtures';
import { E10_NOW } from '../testing/unit-fixtures';
import type { DeliveryPromises, PromisedReservation } from './delivery-promises.port';
import type { ReservationMoveStore } from './reservation-move.port';
import type { ReservationStore } from './reservation-store.port';
import type { ReservationSteps, ReservationWrites } from './reservation-writes.port';

const minutes = (n: number) => new Date(E10_NOW.getTime() + n * 60_000);

/** A hold of E10's request, delivered 2026-11-26, made five minutes before E10's instant. */
export const heldReservation = (identifier: string, holdExpiresAt = minutes(10)): NewReservation => ({
  identifier,
  bodyHash: 'hash',
  createdAt: minutes(-5),
  holdExpiresAt,
  selections: [
    {
      origin: 'CD01',
      dispatchMode: 'HOME_DELIVERY',
      destination: 'LIM-CENTRO',
      deliveryDate: '2026-11-26',
      deliveryWindow: null,
      plan: [],
    },
  ],
  taken: [],
  request: e10Request() as unknown as CalculateDeliveryCapacityRequest,
});

const dates = (reservation: PromisedReservation) =>
  reservation.selections.map((selection) => selection.deliveryDate).join(',');

/**
 * The reservation ports and the delivery promises port in memory, for the use cases' unit tests: reservations in a
 * map, written as the statements write them; a transaction's writes (reservations and promises) undone when its work
 * throws. `calls` lists every step run, in order; `promises` what the promises port holds per reservation.
 */
export class FakeReservationWrites implements ReservationStore, ReservationMoveStore, ReservationWrites {
  readonly stored = new Map<string, ReservationRecord>();
  readonly promises = new Map<string, string>();
  readonly calls: string[] = [];
  /** what `move` answers when not 'moved' (a move refused by the statement) */
  refuseMove: MoveResult | null = null;
  /** the promises port fails: its statement throws */
  promisesFail = false;
  /** reservations marked unpromised (written by a writer that writes no promises), in the order marked */
  unpromised: string[] = [];

  async reserve(reservation: NewReservation): Promise<ReserveResult> {
    this.stored.set(reservation.identifier, {
      ...reservation,
      status: 'HELD',
      confirmedAt: null,
      endedAt: null,
    });
    return { kind: 'created' };
  }
  async find(identifier: string): Promise<ReservationRecord | null> {
    return this.stored.get(identifier) ?? null;
  }
  expireDue = async () => [];
  findMove = async () => null;

  async transaction<T>(
    work: (reservations: ReservationSteps, promises: DeliveryPromises) => Promise<T>,
  ): Promise<T> {
    const before = {
      stored: new Map(this.stored),
      promises: new Map(this.promises),
      unpromised: [...this.unpromised],
    };
    this.calls.push('transaction');
    try {
      return await work(this.steps(), this.promisePort());
    } catch (error) {
      this.calls.push('rollback');
      for (const [map, saved] of [
        [this.stored, before.stored],
        [this.promises, before.promises],
      ] as const) {
        map.clear();
        for (const [key, value] of saved) (map as Map<string, unknown>).set(key, value);
      }
      this.unpromised = before.unpromised;
      throw error;
    }
  }

  /** Batched as the adapter batches them (`TurnBatcher`), each batch in one `transaction`. */
  perTurn<I, O>(
    work: (
      inputs: readonly I[],
      reservations: ReservationSteps,
      promises: DeliveryPromises,
    ) => Promise<readonly O[]>,
    maxBatch: number,
  ): (input: I) => Promise<O> {
    const batcher = new TurnBatcher<I, O>(
      (inputs) => this.transaction((reservations, promises) => work(inputs, reservations, promises)),
      maxBatch,
    );
    return (input) => batcher.add(input);
  }

  private steps(): ReservationSteps {
    const write = (identifier: string, fields: Partial<ReservationRecord>) => {
      const record = { ...(this.stored.get(identifier) as ReservationRecord), ...fields };
      this.stored.set(identifier, record);
      return record;
    };
    return {
      confirmAll: async (confirmations) => {
        this.calls.push(`confirm ${confirmations.map(({ identifier }) => identifier).join(',')}`);
        return confirmations.map(({ identifier, at }) => {
          const held = this.stored.get(identifier);
          if (held?.status !== 'HELD' || (held.holdExpiresAt as Date) <= at) return null;
          return write(identifier, { status: 'CONFIRMED', holdExpiresAt: null, confirmedAt: at });
        });
      },
      release: async (identifier, now) => {
        this.calls.push(`release ${identifier}`);
        const held = this.stored.get(identifier);
        if (held?.status !== 'HELD' && held?.status !== 'CONFIRMED') return null;
        return write(identifier, { status: 'RELEASED', holdExpiresAt: null, endedAt: now });
      },
      move: async (move: ReservationMove) => {
        this.calls.push(`move ${move.identifier}`);
        if (this.refuseMove !== null) return this.refuseMove;
        const moved = write(move.identifier, { selections: move.selections, taken: move.taken });
        return { kind: 'moved', confirmedAt: moved.confirmedAt };
      },
      takeUnpromised: async (limit) => {
        const taken = this.unpromised.splice(0, limit);
        this.calls.push(`take unpromised ${taken.join(',')}`);
        return taken.map((identifier) => this.stored.get(identifier) as ReservationRecord);
      },
    };
  }

  private promisePort(): DeliveryPromises {
    return {
      planned: async (reservations) => {
        this.calls.push(
          `promises planned ${reservations.map((reservation) => `${reservation.identifier} ${dates(reservation)}`).join('; ')}`,
        );
        if (this.promisesFail) throw new Error('the promises were not written');
        for (const reservation of reservations)
          this.promises.set(
            reservation.identifier,
            `${dates(reservation)} reserved ${reservation.createdAt.toISOString()} confirmed ${reservation.confirmedAt.toISOString()}`,
          );
      },
      released: async (identifier) => {
        this.calls.push(`promises released ${identifier}`);
        this.promises.set(identifier, `${this.promises.get(identifier)} released`);
      },
    };
  }
}

import { RESERVATION_STATUSES as DOMAIN_STATUSES, type ReservationRecord } from '@delivery/capacity-domain';
import { RESERVATION_STATUSES as CONTRACT_STATUSES } from '@delivery/contracts';
import { presentReservation } from './reservation.presenter';

describe('presentReservation', () => {
  it("answers with the domain's statuses, exactly those the contract lists, in its order", () => {
    expect([...CONTRACT_STATUSES]).toEqual([...DOMAIN_STATUSES]);
  });

  it('answers the record without its body hash and takes, instants in ISO 8601', () => {
    const record: ReservationRecord = {
      identifier: 'order-1',
      bodyHash: 'hash',
      status: 'CONFIRMED',
      createdAt: new Date('2026-11-25T14:00:00Z'),
      holdExpiresAt: null,
      confirmedAt: new Date('2026-11-25T14:05:00Z'),
      endedAt: null,
      selections: [],
      taken: [{ scope: 'PICKING', ref: 'CD01', date: '2026-11-26', units: 2, capacity: 10 }],
      request: null,
    };
    expect(presentReservation(record)).toEqual({
      identifier: 'order-1',
      status: 'CONFIRMED',
      holdExpiresAt: null,
      createdAt: '2026-11-25T14:00:00.000Z',
      selections: [],
    });
  });
});

import { MISFIT_REASONS as DOMAIN_REASONS } from '@delivery/capacity-domain';
import { RESERVATION_RISK_REASONS as CONTRACT_REASONS } from '@delivery/contracts';
import type { FoundRisks, ReservationRisk } from './reservation-fit.check';
import { presentRisks } from './reservation-risk.presenter';

describe('presentRisks', () => {
  it("answers with the domain's misfit reasons, exactly those the contract lists, in its order", () => {
    expect([...CONTRACT_REASONS]).toEqual([...DOMAIN_REASONS]);
  });

  it('answers the counts of every reason and the listed risks as found, instants in ISO 8601', () => {
    const risk = (identifier: string, misfit: ReservationRisk['misfit']): ReservationRisk => ({
      identifier,
      status: 'CONFIRMED',
      createdAt: new Date('2026-11-25T14:00:00Z'),
      misfit,
      selection: {
        origin: 'CD01',
        dispatchMode: 'HOME_DELIVERY',
        destination: 'LIM-CENTRO',
        deliveryDate: '2026-11-28',
        deliveryWindow: null,
      },
      earliestPromise: null,
    });
    const found: FoundRisks = {
      total: 2,
      byReason: {
        ...(Object.fromEntries(DOMAIN_REASONS.map((reason) => [reason, 0])) as FoundRisks['byReason']),
        HOLIDAY: 1,
        COUNTER_FULL: 1,
      },
      listed: [
        risk('order-1', {
          reason: 'HOLIDAY',
          scope: 'PICKING',
          ref: 'CD01',
          date: '2026-11-24',
          node: 'CD01',
        }),
      ],
    };
    expect(presentRisks(found)).toEqual({
      total: 2,
      byReason: {
        NODE_REMOVED: 0,
        ROUTE_REMOVED: 0,
        NOT_PICKING_DAY: 0,
        NOT_DEPARTURE_DAY: 0,
        HOLIDAY: 1,
        WINDOW_REMOVED: 0,
        WINDOW_MOVED: 0,
        COUNTER_FULL: 1,
        DATE_NOT_REACHED: 0,
      },
      listed: [
        {
          identifier: 'order-1',
          status: 'CONFIRMED',
          createdAt: '2026-11-25T14:00:00.000Z',
          reason: 'HOLIDAY',
          step: { scope: 'PICKING', ref: 'CD01', date: '2026-11-24' },
          node: 'CD01',
          selection: {
            origin: 'CD01',
            dispatchMode: 'HOME_DELIVERY',
            destination: 'LIM-CENTRO',
            deliveryDate: '2026-11-28',
            deliveryWindow: null,
          },
          earliestPromise: null,
        },
      ],
    });
  });
});

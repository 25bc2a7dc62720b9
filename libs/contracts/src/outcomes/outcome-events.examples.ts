/**
 * Example body of `POST {base}/delivery/outcomes` (Swagger): docs/accuracy.md's message. Its instants are in the past
 * and stay valid; a reservation the service does not know keeps its events as orphans.
 */
export const OUTCOME_EVENTS_EXAMPLE = {
  events: [
    {
      reservationIdentifier: 'ORD-1',
      selection: 0,
      type: 'PICKED',
      occurredAt: '2026-11-24T09:00:00-05:00',
    },
    {
      reservationIdentifier: 'ORD-1',
      selection: 0,
      type: 'DELIVERY_FAILED',
      occurredAt: '2026-11-26T16:00:00-05:00',
      reason: 'nobody home',
    },
  ],
};

/** The backtest of a preview (Swagger): the orders placed on the days of a past range, which stays valid. */
export const BACKTEST_EXAMPLE = { from: '2026-11-01', to: '2026-11-21' };

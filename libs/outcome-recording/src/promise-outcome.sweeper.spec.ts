import type { Logger } from 'pino';
import type { OutcomeStore, OutcomeSteps, PromiseEvidence } from './outcome-store.port';
import { EVALUATION_BATCH, PromiseOutcomeSweeper } from './promise-outcome.sweeper';

const NOW = new Date('2026-11-22T17:00:00Z'); // 12:00 in Lima

function evidence(index: number): PromiseEvidence {
  return {
    reservationIdentifier: `ORD-${index}`,
    selection: 0,
    promisedDate: '2026-11-18',
    pickingDate: '2026-11-16',
    departureDate: '2026-11-17',
    reservedAt: new Date('2026-11-15T15:00:00Z'),
    released: index % 2 === 1,
    deliveryWindowStart: null,
    deliveryWindowEnd: null,
    events: index % 2 === 0 ? [{ type: 'DELIVERED', occurredAt: new Date('2026-11-19T15:00:00Z') }] : [],
  };
}

/** A store with `stale` promises marked stale, recording what the sweep asked of it. */
function fakeStore(stale: number) {
  const saved: { reservationIdentifier: string; state: string; delayDays: number | null }[] = [];
  const removals: [string, string][] = [];
  const recounts: string[] = [];
  let next = 0;
  const steps: OutcomeSteps = {
    store: () => Promise.reject(new Error('not used')),
    lock: () => Promise.reject(new Error('not used')),
    lockStale: async (limit) => {
      const batch = Array.from({ length: Math.min(limit, stale - next) }, (_, i) => evidence(next + i));
      next += batch.length;
      return batch;
    },
    save: async (outcomes) => {
      saved.push(
        ...outcomes.map(({ reservationIdentifier, state, delayDays }) => ({
          reservationIdentifier,
          state,
          delayDays,
        })),
      );
    },
    adoptOrphans: async () => 3,
  };
  const store: OutcomeStore = {
    transaction: (work) => work(steps),
    removeBefore: async (promisedBefore, occurredBefore) => {
      removals.push([promisedBefore, occurredBefore.toISOString()]);
      return { promises: 2, events: 5 };
    },
    recountUncounted: async (markedBefore) => {
      recounts.push(markedBefore.toISOString());
      return 7;
    },
  };
  return { store, saved, removals, recounts };
}

const logger = { info: () => undefined, warn: () => undefined } as unknown as Logger;
const sweeper = (store: OutcomeStore) =>
  new PromiseOutcomeSweeper(
    store,
    { timeZone: 'America/Lima', sweepIntervalMs: 10_000, retentionDays: 400, clockSkewMs: 300_000 },
    { now: () => NOW },
    logger,
  );

describe('PromiseOutcomeSweeper', () => {
  it('adopts orphans, evaluates every stale promise in batches until one comes back short, applies the retention, recounts', async () => {
    const { store, saved, removals, recounts } = fakeStore(EVALUATION_BATCH + 1);
    expect(await sweeper(store).sweep()).toEqual({
      adopted: 3,
      evaluated: EVALUATION_BATCH + 1,
      removed: { promises: 2, events: 5 },
      recounted: 7,
    });
    // the day rows recounted if marked uncounted a minute before now or earlier
    expect(recounts).toEqual(['2026-11-22T16:59:00.000Z']);
    expect(saved).toHaveLength(EVALUATION_BATCH + 1);
    // delivered on 11-19 (Lima), promised 11-18: a day late; the released one without a delivery: cancelled
    expect(saved.slice(0, 2)).toEqual([
      { reservationIdentifier: 'ORD-0', state: 'DELIVERED', delayDays: 1 },
      { reservationIdentifier: 'ORD-1', state: 'CANCELLED', delayDays: null },
    ]);
    // 400 days before 2026-11-22 (Lima) is 2025-10-18: promised before it, or happened 400 × 24 h before now
    expect(removals).toEqual([['2025-10-18', '2025-10-18T17:00:00.000Z']]);
  });
});

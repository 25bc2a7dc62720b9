import { createRabbitTestVhost, RabbitTestVhost } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { type OutcomeFault, outcomeFaultRun } from './outcome-faults';

/** Events per run: 12 messages of 1,000 (`npm run bench -- O-faults` runs 100,000). */
const EVENTS = 12_000;

/**
 * The outcome worker killed with SIGKILL, its broker connection cut and its database connection cut, each in the
 * middle of 12,000 events: every event stored exactly once, none lost or dead-lettered, every promise evaluated,
 * the accuracy day rows exact.
 */
describe('outcome events under faults (O-faults)', () => {
  let database: TestDatabase | undefined;
  let rabbit: RabbitTestVhost | undefined;
  afterEach(async () => {
    await Promise.all([database?.drop(), rabbit?.dispose()]);
  });

  it.each<OutcomeFault>(['worker-killed', 'broker-cut', 'database-cut'])(
    '%s in the middle of the stream: nothing lost, nothing stored twice',
    async (fault) => {
      [database, rabbit] = await Promise.all([createTestDatabase(), createRabbitTestVhost()]);
      const counts = await outcomeFaultRun({
        databaseUrl: database.url,
        rabbit,
        fault,
        events: EVENTS,
        timeoutMs: 120_000,
      });
      expect(counts).toEqual({
        sent: EVENTS,
        stored: EVENTS,
        atFault: expect.any(Number),
        duplicates: expect.any(Number),
        lost: 0,
        deadLettered: 0,
        evaluated: EVENTS / 4,
        promises: EVENTS / 4,
        dayRowsExact: true,
      });
      // struck in the middle: some stored, not all
      expect(counts.atFault).toBeGreaterThan(0);
      expect(counts.atFault).toBeLessThan(EVENTS);
    },
    180_000,
  );
});

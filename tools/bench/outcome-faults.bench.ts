/**
 * O-faults: the outcome worker SIGKILLed, its broker connection cut and its database connection cut once half of
 * BENCH_OUTCOME_EVENTS (default 100,000) outcome events are stored (tools/bench/outcome-faults.ts; the same runs on
 * 12,000 events are tools/bench/outcome-faults.e2e-spec.ts, in `npm test`).
 */
import { createRabbitTestVhost } from '@delivery/messaging/testing';
import { type BenchScenario, verdict } from './bench-scenario';
import { freshBenchDatabase } from './bench-services';
import { type OutcomeFault, type OutcomeFaultCounts, outcomeFaultRun } from './outcome-faults';

const EVENTS = Number(process.env.BENCH_OUTCOME_EVENTS ?? 100_000);
const OUTAGE_MS = 10_000;

const FAULTS: Record<OutcomeFault, string> = {
  'worker-killed': 'outcome worker SIGKILLed, started again',
  'broker-cut': `its broker connection cut for ${OUTAGE_MS / 1000} s`,
  'database-cut': `its database connection cut for ${OUTAGE_MS / 1000} s`,
};

const scenario: BenchScenario = {
  id: 'O-faults',
  title: `${EVENTS.toLocaleString('en')} outcome events through a worker killed, then its broker and its database cut`,
  target: 'every outcome event stored exactly once, none lost, every promise evaluated, whatever dies',
  async run() {
    const runs: [OutcomeFault, OutcomeFaultCounts][] = [];
    for (const fault of Object.keys(FAULTS) as OutcomeFault[]) {
      const databaseUrl = await freshBenchDatabase('delivery_bench_outcome_faults');
      const rabbit = await createRabbitTestVhost();
      try {
        runs.push([
          fault,
          await outcomeFaultRun({
            databaseUrl,
            rabbit,
            fault,
            events: EVENTS,
            strikeAfter: EVENTS / 2,
            outageMs: OUTAGE_MS,
          }),
        ]);
      } finally {
        await rabbit.dispose();
      }
    }
    return {
      rows: runs.map(([fault, counts]) => ({
        subject: FAULTS[fault],
        figures: [
          { metric: 'sent', value: counts.sent, unit: '' },
          { metric: 'stored at the fault', value: counts.atFault, unit: '' },
          { metric: 'stored', value: counts.stored, unit: '' },
          { metric: 'duplicates (delivered again, not stored twice)', value: counts.duplicates, unit: '' },
          { metric: 'lost', value: counts.lost, unit: '' },
          { metric: 'dead-lettered', value: counts.deadLettered, unit: '' },
          { metric: 'promises evaluated', value: counts.evaluated, unit: `of ${counts.promises}` },
        ],
      })),
      summary: runs.map(
        ([fault, c]) =>
          `${fault}: ${c.stored} of ${c.sent} stored once, ${c.lost} lost, ${c.deadLettered} dead-lettered, ` +
          `day rows ${c.dayRowsExact ? 'exact' : 'NOT exact'}: ` +
          verdict(c.stored === c.sent && c.lost === 0 && c.deadLettered === 0 && c.dayRowsExact),
      ),
    };
  },
};

export default scenario;

/**
 * L-learning: the ground-truth simulator (docs/learning.md, "The ground-truth simulator") through capacity-service
 * as deployed (built, its own process, with the simulated clock): five lanes with known delays, 40 orders a lane a
 * day for 120 simulated days, held and confirmed over HTTP, their deliveries told each simulated morning and the lane
 * model refreshed then. Against the same days on the domain's functions in-process (the baseline: the service must
 * promise exactly what the domain does).
 */
import { businessDate, parseDate } from '@delivery/capacity-domain';
import { DomainPromiser } from '../learning/domain-promiser';
import {
  CONFIDENCE,
  DEFAULT_SEED,
  type LearningResult,
  RECOMMENDED_SETTINGS,
  runLearning,
  SIMULATED_DAYS,
  simulationStart,
  targetLines,
} from '../learning/learning-run';
import { importLearningWorld, learningAccess, learningServiceEnvironment } from '../learning/learning-system';
import { serviceCalibration, ServicePromiser } from '../learning/service-promiser';
import { type BenchScenario, verdict } from './bench-scenario';
import { freshBenchDatabase, startBenchCapacityService } from './bench-services';
import { round } from './load';

const laneRows = (result: LearningResult, subject: string) =>
  result.lanes.map((lane) => ({
    subject: `${subject}: ${lane.lane} (${lane.promises} promises)`,
    figures: [
      { metric: 'on time', value: lane.onTimeRate, unit: '' },
      { metric: 'truth at its buffers', value: lane.expectedOnTimeRate, unit: '' },
      { metric: 'mean days promised', value: lane.meanDaysPromised, unit: '' },
      { metric: 'oracle', value: lane.oracleMeanDays, unit: '' },
      ...(lane.daysToRecover === null
        ? []
        : [{ metric: 'days to recover', value: lane.daysToRecover, unit: '' }]),
    ],
  }));

const scenario: BenchScenario = {
  id: 'L-learning',
  title: `the ground-truth simulator: 5 lanes, 40 orders a lane a day, ${SIMULATED_DAYS} simulated days through capacity-service`,
  target:
    'at c = 0.95 on-time in [0.94, 0.97] on every lane with ≥ 200 deliveries; calibration error ≤ 2 points in buckets ' +
    'with ≥ 200; mean days promised ≤ the oracle + 0.15; the worsening lane back within 2 points ≤ 7 days after its drift',
  async run() {
    const start = simulationStart(parseDate(businessDate('America/Lima', new Date())) as number);
    const url = await freshBenchDatabase('delivery_bench_learning');
    await importLearningWorld(url);
    const env = learningServiceEnvironment(RECOMMENDED_SETTINGS);
    // the simulated clock is refused in production: the deployed settings otherwise
    const app = await startBenchCapacityService(url, { ...env, NODE_ENV: 'development' });
    let service: LearningResult;
    try {
      const access = await learningAccess(`${app.url}/capacity/v1`, env);
      service = await runLearning({
        promiser: new ServicePromiser(access),
        start,
        seed: DEFAULT_SEED,
        calibration: (from, to, now) => serviceCalibration(access, from, to, now),
      });
    } finally {
      await app.stop();
    }
    const domain = await runLearning({
      promiser: new DomainPromiser(RECOMMENDED_SETTINGS, CONFIDENCE),
      start,
      seed: DEFAULT_SEED,
    });
    const differ = service.orders.filter(
      (order, i) =>
        order.bufferDays !== domain.orders[i].bufferDays ||
        order.promisedDay !== domain.orders[i].promisedDay ||
        order.probability !== domain.orders[i].probability,
    ).length;
    return {
      rows: [
        ...laneRows(service, 'capacity-service'),
        ...service.buckets.map((bucket) => ({
          subject: `capacity-service calibration, bucket ${bucket.bucket} (${bucket.judged} judged)`,
          figures: [
            { metric: 'predicted', value: bucket.predicted, unit: '' },
            { metric: 'observed', value: bucket.observed, unit: '' },
            { metric: 'error', value: bucket.calibrationError, unit: '' },
          ],
        })),
        {
          subject: `the run: ${service.orders.length} orders, each calculated, held and confirmed`,
          figures: [
            { metric: 'through capacity-service', value: round(service.milliseconds / 1000), unit: 's' },
            { metric: 'in-process', value: round(domain.milliseconds / 1000), unit: 's' },
          ],
        },
      ],
      summary: [
        `settings: LEARNING_HALF_LIFE_DAYS ${RECOMMENDED_SETTINGS.halfLifeDays}, LEARNING_PRIOR_DELIVERIES ` +
          `${RECOMMENDED_SETTINGS.priorDeliveries}, LEARNING_MAX_BUFFER_STEP_DAYS ${RECOMMENDED_SETTINGS.maxBufferStepDays} ` +
          `(the ones docs/learning.md recommends); seed ${DEFAULT_SEED}`,
        ...targetLines(service),
        `the service promised what the domain promises in-process (same seed ${DEFAULT_SEED}): ` +
          `${service.orders.length - differ} of ${service.orders.length} orders with the same buffer, date and probability: ${verdict(differ === 0)}`,
      ],
    };
  },
};

export default scenario;

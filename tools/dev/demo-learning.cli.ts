import path from 'node:path';
import { parseArgs } from 'node:util';
import { businessDate, formatDate, type LearningSettings, parseDate } from '@delivery/capacity-domain';
import { withDatabase } from '@delivery/persistence';
import { startAppProcess } from '@delivery/platform/testing';
import { freshBenchDatabase } from '../bench/bench-services';
import { DomainPromiser } from '../learning/domain-promiser';
import { learningLanes, ORDERS_PER_DAY } from '../learning/learning-world';
import {
  CONFIDENCE,
  DEFAULT_SEED,
  type LearningResult,
  RECOMMENDED_SETTINGS,
  resultTable,
  runLearning,
  SIMULATED_DAYS,
  simulationStart,
  TAIL_DAYS,
  targetLines,
  WARM_UP_DAYS,
} from '../learning/learning-run';
import {
  importLearningWorld,
  LEARNING_DATABASE,
  learningAccess,
  learningServiceEnvironment,
} from '../learning/learning-system';
import { serviceCalibration, ServicePromiser } from '../learning/service-promiser';
import { resolveDevDatabase, shownDatabase } from './dev-database';

const USAGE =
  'usage: npm run demo:learning [-- --seed N] [--in-process] [--orders N] [--half-life DAYS] [--prior DELIVERIES] [--step DAYS]';

export interface LearningArguments {
  seed: number;
  inProcess: boolean;
  /** orders a lane a day */
  orders: number;
  settings: LearningSettings;
}

function wholeNumber(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max} (got "${value}")\n${USAGE}`);
  return number;
}

/** The options of `npm run demo:learning`; the learning settings default to the recommended ones. */
export function learningArguments(argv: readonly string[]): LearningArguments {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      seed: { type: 'string' },
      'in-process': { type: 'boolean' },
      orders: { type: 'string' },
      'half-life': { type: 'string' },
      prior: { type: 'string' },
      step: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    seed: wholeNumber('seed', values.seed, DEFAULT_SEED, 0, 2 ** 32 - 1),
    inProcess: values['in-process'] === true,
    orders: wholeNumber('orders', values.orders, ORDERS_PER_DAY, 1, 1000),
    settings: {
      ...RECOMMENDED_SETTINGS,
      halfLifeDays: wholeNumber('half-life', values['half-life'], RECOMMENDED_SETTINGS.halfLifeDays, 1, 365),
      priorDeliveries: wholeNumber('prior', values.prior, RECOMMENDED_SETTINGS.priorDeliveries, 0, 100_000),
      maxBufferStepDays: wholeNumber('step', values.step, RECOMMENDED_SETTINGS.maxBufferStepDays, 1, 7),
    },
  };
}

/**
 * Through capacity-service as its own process, on a fresh database of the dev Postgres server (the one `npm start`
 * uses: DATABASE_URL's, else localhost:5432, else the embedded one under .data).
 */
async function throughTheService(args: LearningArguments, start: number, log: (line: string) => void) {
  const dev = await resolveDevDatabase(path.resolve(__dirname, '../../.data'));
  try {
    return await onTheServer(dev.url, args, start, log);
  } finally {
    await dev.stop();
  }
}

async function onTheServer(
  server: string,
  args: LearningArguments,
  start: number,
  log: (line: string) => void,
) {
  const url = await freshBenchDatabase(LEARNING_DATABASE, undefined, withDatabase(server, 'postgres'));
  await importLearningWorld(url);
  const env = learningServiceEnvironment(args.settings);
  const app = await startAppProcess('apps/capacity-service/src/main.ts', {
    ...env,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
  });
  try {
    await app.waitUntilReady(60_000);
    log(`capacity-service on ${app.url}, database ${shownDatabase(url)}`);
    const access = await learningAccess(`${app.url}/capacity/v1`, env);
    return await runLearning({
      promiser: new ServicePromiser(access),
      lanes: learningLanes(args.orders),
      start,
      seed: args.seed,
      calibration: (from, to, now) => serviceCalibration(access, from, to, now),
      progress: log,
    });
  } finally {
    await app.stop();
  }
}

/**
 * `npm run demo:learning`: the ground-truth simulator (docs/learning.md). Five lanes with known delays, 40 orders a
 * lane a day for 120 simulated days ending before today, placed, held and confirmed through capacity-service with
 * the simulated clock, their deliveries drawn from the truth and told each morning, the lane model refreshed each
 * simulated morning; then the figures against the targets. `--in-process`: the same days on the domain's functions
 * alone (seconds, to try settings).
 */
async function main(): Promise<void> {
  const args = learningArguments(process.argv.slice(2));
  const today = parseDate(businessDate('America/Lima', new Date())) as number;
  const start = simulationStart(today);
  const log = (line: string) => console.error(`demo:learning: ${line}`);
  const { halfLifeDays, priorDeliveries, maxBufferStepDays } = args.settings;
  log(
    `seed ${args.seed}, ${args.orders} orders a lane a day, half-life ${halfLifeDays} days, prior ${priorDeliveries} deliveries, step ${maxBufferStepDays} day(s); ` +
      `days ${formatDate(start)} to ${formatDate(start + SIMULATED_DAYS - 1)} (the first ${WARM_UP_DAYS} are the warm-up), ` +
      `${TAIL_DAYS} more mornings for the last deliveries`,
  );
  const result: LearningResult = args.inProcess
    ? await runLearning({
        promiser: new DomainPromiser(args.settings, CONFIDENCE),
        lanes: learningLanes(args.orders),
        start,
        seed: args.seed,
      })
    : await throughTheService(args, start, log);
  console.log(
    [
      `${result.orders.length} orders in ${(result.milliseconds / 1000).toFixed(1)} s (${args.inProcess ? 'in-process' : 'capacity-service over HTTP'}); figures of the orders placed after the warm-up`,
      '',
      ...resultTable(result),
      '',
      ...targetLines(result).map((line) => `- ${line}`),
    ].join('\n'),
  );
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(`demo:learning: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });

import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  type CalculationData,
  type Clock,
  NO_DATA,
  parseConfiguration,
  type ReadPlan,
  type Snapshot,
} from '@delivery/capacity-domain';
import { MetricsService } from '@delivery/platform';
import { CapacityCalculator, NO_LANE_MODELS, type LaneModelSource } from '../delivery-capacity';
import { ActiveConfiguration, CapacityMetrics } from '../snapshot';

/** What the tests share without starting an app: the demo world (E10), its instant, a fresh snapshot holder. */
export const DEMO_CONFIGURATION_PATH = path.resolve(__dirname, '../../../../tools/demo/configuration.json');

export function demoConfiguration(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(DEMO_CONFIGURATION_PATH, 'utf8')) as Record<string, unknown>;
}

/** E10's instant: 2026-11-22 12:00 in Lima. */
export const E10_NOW = new Date('2026-11-22T17:00:00.000Z');
export const fixedClock = (now: Date = E10_NOW): Clock => ({ now: () => now });

export const LIMA = { timezone: 'America/Lima' };

/** The demo world's snapshot, built from its document. */
export function demoSnapshot(): Snapshot {
  const built = parseConfiguration(demoConfiguration(), LIMA);
  if (!built.ok) throw new Error('the demo document is valid');
  return built.snapshot;
}

export function activeConfiguration(): ActiveConfiguration {
  return new ActiveConfiguration(new CapacityMetrics(new MetricsService()));
}

/**
 * A calculator over `snapshot` (active as version 1; default the demo world), its reads answered by `read`
 * (default: nothing stored), the clock at E10, given the lane models of `laneModels` (default: none).
 */
export function calculatorOn(
  read: (plan: ReadPlan) => Promise<CalculationData> = async () => NO_DATA,
  snapshot: Snapshot = demoSnapshot(),
  laneModels: LaneModelSource = NO_LANE_MODELS,
): CapacityCalculator {
  const active = activeConfiguration();
  active.offer({ version: 1, loadedAt: null, snapshot });
  return new CapacityCalculator(
    active,
    { read },
    new CapacityMetrics(new MetricsService()),
    fixedClock(),
    laneModels,
  );
}

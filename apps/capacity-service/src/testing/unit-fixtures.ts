import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Clock, parseConfiguration, type Snapshot } from '@delivery/capacity-domain';
import { MetricsService } from '@delivery/platform';
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

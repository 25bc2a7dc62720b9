import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Clock } from '@delivery/capacity-domain';
import { MetricsService } from '@delivery/platform';
import { ActiveConfiguration, CapacityMetrics } from '../snapshot';

/** What the use cases' unit tests share: the demo world's document, a fixed clock and a fresh snapshot holder. */
export function demoDocument(): Record<string, unknown> {
  const file = path.resolve(__dirname, '../../../../tools/demo/configuration.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** E10's instant: 2026-11-22 12:00 in Lima. */
export const E10_NOW = new Date('2026-11-22T17:00:00.000Z');
export const fixedClock = (now: Date = E10_NOW): Clock => ({ now: () => now });

export const LIMA = { timezone: 'America/Lima' };

export function activeConfiguration(): ActiveConfiguration {
  return new ActiveConfiguration(new CapacityMetrics(new MetricsService()));
}

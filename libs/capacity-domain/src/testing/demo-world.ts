/** The demo configuration (tools/demo/configuration.json): the world of the E10 worked examples. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Snapshot } from '../configuration/snapshot';
import type { StockLevelRow } from '../request/calculation-data.types';
import type { CalculateDeliveryCapacityRequest } from '../request/capacity-request.types';
import { requestA, snapshotOf } from './world-builder';

export const DEMO_CONFIGURATION_PATH = path.resolve(__dirname, '../../../../tools/demo/configuration.json');

export function demoDocument(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(DEMO_CONFIGURATION_PATH, 'utf8')) as Record<string, unknown>;
}

let cached: Snapshot | null = null;
export function demoSnapshot(): Snapshot {
  cached ??= snapshotOf(demoDocument());
  return cached;
}

export function demoStock(): StockLevelRow[] {
  return demoDocument().stock as StockLevelRow[];
}

/** E10: purchase 2026-11-23, one item SKU-1, quantity 2, weight 1500 g, NORMAL. */
export function e10Request(
  fields: Partial<CalculateDeliveryCapacityRequest> = {},
  origin = 'CD01',
): CalculateDeliveryCapacityRequest {
  return requestA({
    dispatchType: 'NORMAL',
    dispatchMode: 'HOME_DELIVERY',
    deliveryData: { zone: 'LIM-CENTRO' },
    items: [{ skuCode: 'SKU-1', quantity: 2, weight: 1500, origin }],
    ...fields,
  });
}

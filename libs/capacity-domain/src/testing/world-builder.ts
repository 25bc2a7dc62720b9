/** Factories for small configuration documents and requests in tests (not exported from the library). */
import type { Clock } from '../calendar/business-time';
import { parseConfiguration } from '../configuration/configuration.parser';
import type { Snapshot } from '../configuration/snapshot';
import type { LaneModelData } from '../learning/lane-model.types';
import type {
  CalculationData,
  CounterUsageRow,
  ProductWeightRow,
  StockLevelRow,
} from '../request/calculation-data.types';
import type {
  CalculateDeliveryCapacityRequest,
  CapacityRequest,
  ItemCapacityRequest,
} from '../request/capacity-request.types';
import { calculate, planReads } from '../engine/capacity-engine';
import type { CapacityOutcome, LayoutAOutcome, LayoutBOutcome } from '../engine/capacity-outcome';

type Fields = Record<string, unknown>;
const ALL_DAYS = ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'];

export const node = (code: string, fields: Fields = {}): Fields => ({
  code,
  type: 'CD',
  pickingDays: ALL_DAYS,
  processingDays: 0,
  ...fields,
});
export const zone = (code: string, ubigeoCodes: string[]): Fields => ({ code, ubigeoCodes });
export const homeRoute = (code: string, source: string, targetZone: string, fields: Fields = {}): Fields => ({
  code,
  source,
  targetZone,
  mode: 'HOME_DELIVERY',
  daysOfWeek: ALL_DAYS,
  leadTimeDays: 0,
  ...fields,
});
export const transfer = (code: string, source: string, targetNode: string, fields: Fields = {}): Fields => ({
  code,
  source,
  targetNode,
  mode: 'TRANSFER',
  daysOfWeek: ALL_DAYS,
  leadTimeDays: 0,
  ...fields,
});
export const withdrawal = (
  code: string,
  source: string,
  targetNode: string,
  fields: Fields = {},
): Fields => ({
  ...transfer(code, source, targetNode, fields),
  mode: 'STORE_WITHDRAWAL',
});

export function documentOf(world: {
  settings?: Fields;
  nodes: Fields[];
  zones?: Fields[];
  routes?: Fields[];
  capacityOverrides?: Fields[];
}): Fields {
  return {
    settings: { timezone: 'America/Lima', ...world.settings },
    nodes: world.nodes,
    zones: world.zones ?? [],
    routes: world.routes ?? [],
    capacityOverrides: world.capacityOverrides ?? [],
  };
}

export function snapshotOf(document: unknown): Snapshot {
  const parsed = parseConfiguration(document, { timezone: 'America/Lima' });
  if (!parsed.ok) throw new Error(`invalid test world: ${JSON.stringify(parsed.errors)}`);
  return parsed.snapshot;
}

export const clockAt = (iso: string): Clock => ({ now: () => new Date(iso) });
/** 2026-11-22 12:00 in Lima (a Sunday): the clock of the E10 examples */
export const E10_CLOCK = clockAt('2026-11-22T17:00:00Z');

export const used = (
  scope: CounterUsageRow['scope'],
  ref: string,
  date: string,
  count: number,
): CounterUsageRow => ({ scope, ref, date, used: count });
export const stockRow = (sku: string, nodeCode: string, available: number): StockLevelRow => ({
  sku,
  node: nodeCode,
  available,
});

export interface Rows {
  counters?: CounterUsageRow[];
  stock?: StockLevelRow[];
  productWeights?: ProductWeightRow[];
}

/**
 * Calculates as the service does: plan the reads, keep only the rows the plan asks for (the bulk query), then
 * calculate (with `laneModel`, none by default). A test therefore also proves that the plan covers everything the
 * calculation reads.
 */
export function runAsService(
  snapshot: Snapshot,
  request: CapacityRequest,
  rows: Rows = {},
  clock: Clock = E10_CLOCK,
  laneModel: LaneModelData | null = null,
): CapacityOutcome {
  const plan = planReads(snapshot, request, clock, { laneModel });
  const data: CalculationData = {
    counters: (rows.counters ?? []).filter((row) =>
      plan.counters.some(
        (read) =>
          read.scope === row.scope && read.ref === row.ref && read.from <= row.date && row.date <= read.to,
      ),
    ),
    stock: (rows.stock ?? []).filter((row) =>
      plan.stock.some((read) => read.sku === row.sku && read.node === row.node),
    ),
    productWeights: (rows.productWeights ?? []).filter((row) => plan.productWeights.includes(row.sku)),
  };
  return calculate(snapshot, request, data, clock, laneModel);
}

export function layoutA(outcome: CapacityOutcome): LayoutAOutcome {
  if (outcome.kind === 'invalid' || outcome.layout !== 'A')
    throw new Error(`expected a layout A result, got ${JSON.stringify(outcome)}`);
  return outcome;
}

export function layoutB(outcome: CapacityOutcome): LayoutBOutcome {
  if (outcome.kind === 'invalid' || outcome.layout !== 'B')
    throw new Error(`expected a layout B result, got ${JSON.stringify(outcome)}`);
  return outcome;
}

export function requestA(
  fields: Partial<CalculateDeliveryCapacityRequest> & { items?: ItemCapacityRequest[] } = {},
): CalculateDeliveryCapacityRequest {
  return {
    purchaseDate: '2026-11-23',
    saleChannel: 'WEB',
    deliveryData: {},
    items: [{ skuCode: 'SKU-1', quantity: 1 }],
    ...fields,
  };
}

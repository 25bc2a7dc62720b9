/** The configuration document of `configuration.md`: how configuration enters and leaves the system. */
import type { Weekday } from '../calendar/calendar';

export type NodeType = 'CD' | 'TD' | 'PRV' | 'SELLER';
export type RouteMode = 'TRANSFER' | 'HOME_DELIVERY' | 'STORE_WITHDRAWAL';
export type DispatchType = 'NORMAL' | 'EXPRESS';
export type CounterScope = 'PICKING' | 'DISPATCH' | 'WINDOW';

export const NODE_TYPES: readonly NodeType[] = ['CD', 'TD', 'PRV', 'SELLER'];
export const ROUTE_MODES: readonly RouteMode[] = ['TRANSFER', 'HOME_DELIVERY', 'STORE_WITHDRAWAL'];
export const DISPATCH_TYPES: readonly DispatchType[] = ['NORMAL', 'EXPRESS'];
export const COUNTER_SCOPES: readonly CounterScope[] = ['PICKING', 'DISPATCH', 'WINDOW'];

export interface WholesaleDocument {
  unitsThreshold: number | null;
  additionalDays: number;
}

/** Promising at a confidence (docs/learning.md): per sale channel, the probability its dates are kept with. */
export interface PromiseConfidenceDocument {
  /** sale channel → confidence, 0.50–0.99 in steps of 0.01 */
  bySaleChannel: Record<string, number>;
}

export interface SettingsDocument {
  timezone: string;
  searchHorizonDays: number;
  maxDeliveryDates: number;
  maxLegs: number;
  maxAlternativePaths: number;
  wholesale: WholesaleDocument;
  /** absent: no sale channel is promised at a confidence */
  promiseConfidence?: PromiseConfidenceDocument;
}

export interface AddressDocument {
  address: string | null;
  district: string | null;
  province: string | null;
  ubigeoCode: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface NodeDocument {
  code: string;
  type: NodeType;
  name: string | null;
  shortName: string | null;
  address: AddressDocument | null;
  platformWarehouseId: string | null;
  platformDockId: string | null;
  contactNumber: string | null;
  pickupPointId: string | null;
  deliveryTime: string | null;
  pickingDays: Weekday[];
  processingDays: number;
  pickingCutoffTime: string | null;
  pickingCapacity: number | null;
  holidays: string[];
}

export interface ZoneDocument {
  code: string;
  ubigeoCodes: string[];
}

export interface DeliveryWindowDocument {
  code: string;
  start: string;
  end: string;
  capacity: number | null;
}

export interface RouteDocument {
  code: string;
  description: string;
  source: string;
  targetNode?: string;
  targetZone?: string;
  mode: RouteMode;
  dispatchTypes: DispatchType[];
  daysOfWeek: Weekday[];
  leadTimeDays: number;
  dispatchCapacity: number | null;
  priority: number;
  cost: { base: number; perKg: number };
  deliveryWindows: DeliveryWindowDocument[];
}

export interface CapacityOverrideDocument {
  scope: CounterScope;
  /** node code (PICKING), route code (DISPATCH) or `route:window` (WINDOW) */
  ref: string;
  date: string;
  /** null: unlimited that day */
  capacity: number | null;
}

/** Operational rows: upserted by the service, never part of the snapshot. */
export interface StockRow {
  sku: string;
  node: string;
  available: number;
}

export interface UsageRow {
  scope: CounterScope;
  ref: string;
  date: string;
  used: number;
}

/** A configuration document with every default filled in (what the parser produces and the exporter writes). */
export interface ConfigurationDocument {
  settings: SettingsDocument;
  nodes: NodeDocument[];
  zones: ZoneDocument[];
  routes: RouteDocument[];
  capacityOverrides: CapacityOverrideDocument[];
}

/** One problem of an invalid document: where (`routes[2].daysOfWeek`) and what. */
export interface ConfigurationProblem {
  path: string;
  message: string;
}

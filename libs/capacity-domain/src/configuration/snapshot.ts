/**
 * The immutable configuration snapshot the engine computes from (E2), with what the hot loops need
 * precomputed: weekday bitmasks, holiday sets, routes by source, zones by ubigeo, counters with overrides.
 */
import type { DayNumber, Weekday } from '../calendar/calendar';
import type { Decimal } from '../shared/exact-decimal';
import type { Coordinates } from '../shared/geo-distance';
import type {
  AddressDocument,
  CapacityOverrideDocument,
  CounterScope,
  DispatchType,
  NodeType,
  RouteMode,
  SettingsDocument,
} from './configuration-document.types';

/** A capacity counter of E1.6 with its default capacity and its overrides (null = unlimited). */
export interface CounterModel {
  readonly scope: CounterScope;
  readonly ref: string;
  readonly capacity: number | null;
  readonly overrides: ReadonlyMap<DayNumber, number | null> | null;
}

export interface NodeModel {
  readonly code: string;
  readonly type: NodeType;
  readonly name: string | null;
  readonly shortName: string | null;
  readonly address: AddressDocument | null;
  readonly platformWarehouseId: string | null;
  readonly platformDockId: string | null;
  readonly contactNumber: string | null;
  readonly pickupPointId: string | null;
  readonly deliveryTime: string | null;
  readonly pickingDays: readonly Weekday[];
  readonly pickingMask: number;
  readonly processingDays: number;
  readonly pickingCutoffTime: string | null;
  readonly pickingCutoffMinutes: number | null;
  readonly pickingCapacity: number | null;
  readonly holidays: readonly string[];
  readonly holidaySet: ReadonlySet<DayNumber>;
  readonly coordinates: Coordinates | null;
  readonly ubigeoCode: string | null;
  readonly isPickupPoint: boolean;
  readonly picking: CounterModel;
}

export interface ZoneModel {
  readonly code: string;
  readonly ubigeoCodes: readonly string[];
}

export interface WindowModel {
  readonly code: string;
  readonly start: string;
  readonly end: string;
  readonly startMinutes: number;
  readonly endMinutes: number;
  readonly capacity: number | null;
  readonly counter: CounterModel;
}

export interface RouteModel {
  readonly code: string;
  readonly description: string;
  readonly source: NodeModel;
  readonly targetNode: NodeModel | null;
  readonly targetZone: ZoneModel | null;
  /** node or zone code of the target */
  readonly targetCode: string;
  readonly mode: RouteMode;
  readonly dispatchTypes: readonly DispatchType[];
  readonly daysOfWeek: readonly Weekday[];
  readonly daysMask: number;
  /** codes joined with `,` (trace `daysOfWeek`) */
  readonly daysText: string;
  readonly leadTimeDays: number;
  readonly dispatchCapacity: number | null;
  readonly priority: number;
  readonly cost: { readonly base: number; readonly perKg: number };
  readonly costBase: Decimal;
  readonly costPerKg: Decimal;
  readonly windows: readonly WindowModel[];
  readonly dispatch: CounterModel;
}

export interface Snapshot {
  readonly settings: Readonly<SettingsDocument>;
  readonly nodes: readonly NodeModel[];
  readonly zones: readonly ZoneModel[];
  readonly routes: readonly RouteModel[];
  readonly capacityOverrides: readonly CapacityOverrideDocument[];
  readonly nodeByCode: ReadonlyMap<string, NodeModel>;
  readonly zoneByCode: ReadonlyMap<string, ZoneModel>;
  readonly zoneByUbigeo: ReadonlyMap<string, ZoneModel>;
  readonly routeByCode: ReadonlyMap<string, RouteModel>;
  readonly routesBySource: ReadonlyMap<string, readonly RouteModel[]>;
  /** counters by scope and ref (node code, route code, `route:window`) */
  readonly counters: Readonly<Record<CounterScope, ReadonlyMap<string, CounterModel>>>;
  /** pickup points (nodes with `pickupPointId`), in code order */
  readonly pickupPoints: readonly NodeModel[];
}

/** Builds the snapshot model from a valid, defaulted configuration document. */
import { parseDate, parseTime, weekdayMask } from '../calendar/calendar';
import { type Decimal, decimalOf } from '../shared/exact-decimal';
import { compareCodes } from '../shared/geo-distance';
import { oneInstance } from '../shared/one-instance';
import type { ConfigurationDocument, CounterScope } from './configuration-document.types';
import { eachInSlices, mapInSlices, Steps } from '../shared/slices';
import type { CounterModel, NodeModel, RouteModel, Snapshot, WindowModel, ZoneModel } from './snapshot';

export function counterKeyOf(scope: CounterScope, ref: string): string {
  return `${scope}|${ref}`;
}

interface Days {
  readonly list: RouteModel['daysOfWeek'];
  readonly mask: number;
  readonly text: string;
}

interface Cost {
  readonly cost: RouteModel['cost'];
  readonly base: Decimal;
  readonly perKg: Decimal;
}

/** The snapshot of a valid, defaulted document, as steps that yield between slices of its lists (slices.ts). */
export function* snapshotSteps(document: ConfigurationDocument): Steps<Snapshot> {
  const counters: Record<CounterScope, Map<string, CounterModel>> = {
    PICKING: new Map(),
    DISPATCH: new Map(),
    WINDOW: new Map(),
  };
  const overrides = new Map<string, Map<number, number | null>>();
  yield* eachInSlices(document.capacityOverrides, (row) => {
    const key = counterKeyOf(row.scope, row.ref);
    let byDay = overrides.get(key);
    if (byDay === undefined) overrides.set(key, (byDay = new Map()));
    byDay.set(parseDate(row.date) as number, row.capacity);
  });
  const counter = (scope: CounterScope, ref: string, capacity: number | null): CounterModel => {
    const model: CounterModel = {
      scope,
      ref,
      capacity,
      overrides: overrides.get(counterKeyOf(scope, ref)) ?? null,
    };
    counters[scope].set(ref, model);
    return model;
  };

  const nodes: NodeModel[] = yield* mapInSlices(document.nodes, (node) => {
    const latitude = node.address?.latitude ?? null;
    const longitude = node.address?.longitude ?? null;
    return {
      ...node,
      pickingMask: weekdayMask(node.pickingDays),
      pickingCutoffMinutes: node.pickingCutoffTime === null ? null : parseTime(node.pickingCutoffTime),
      holidaySet: new Set(node.holidays.map((date) => parseDate(date) as number)),
      coordinates: latitude !== null && longitude !== null ? { latitude, longitude } : null,
      ubigeoCode: node.address?.ubigeoCode ?? null,
      isPickupPoint: node.pickupPointId !== null,
      picking: counter('PICKING', node.code, node.pickingCapacity),
    };
  });
  const nodeByCode = new Map(nodes.map((node) => [node.code, node]));
  const zoneByCode = new Map<string, ZoneModel>();
  const zoneByUbigeo = new Map<string, ZoneModel>();
  const zones: ZoneModel[] = yield* mapInSlices(document.zones, ({ code, ubigeoCodes }) => {
    const zone = { code, ubigeoCodes };
    zoneByCode.set(code, zone);
    for (const ubigeo of ubigeoCodes) zoneByUbigeo.set(ubigeo, zone);
    return zone;
  });

  const routeByCode = new Map<string, RouteModel>();
  const routesBySource = new Map<string, RouteModel[]>();
  const daysByText = new Map<string, Days>();
  const dispatchTypesByText = new Map<string, RouteModel['dispatchTypes']>();
  const costByText = new Map<string, Cost>();
  const routes: RouteModel[] = yield* mapInSlices(document.routes, (route): RouteModel => {
    const daysText = route.daysOfWeek.join(',');
    const days = oneInstance(daysByText, daysText, () => ({
      list: route.daysOfWeek,
      mask: weekdayMask(route.daysOfWeek),
      text: daysText,
    }));
    const cost = oneInstance(costByText, `${route.cost.base} ${route.cost.perKg}`, () => ({
      cost: route.cost,
      base: decimalOf(route.cost.base),
      perKg: decimalOf(route.cost.perKg),
    }));
    const windows: WindowModel[] = route.deliveryWindows.map((window) => ({
      ...window,
      startMinutes: parseTime(window.start) as number,
      endMinutes: parseTime(window.end) as number,
      counter: counter('WINDOW', `${route.code}:${window.code}`, window.capacity),
    }));
    const model: RouteModel = {
      code: route.code,
      description: route.description,
      source: nodeByCode.get(route.source) as NodeModel,
      targetNode: route.targetNode === undefined ? null : (nodeByCode.get(route.targetNode) as NodeModel),
      targetZone: route.targetZone === undefined ? null : (zoneByCode.get(route.targetZone) as ZoneModel),
      targetCode: route.targetNode ?? route.targetZone ?? '',
      mode: route.mode,
      dispatchTypes: oneInstance(
        dispatchTypesByText,
        route.dispatchTypes.join(','),
        () => route.dispatchTypes,
      ),
      daysOfWeek: days.list,
      daysMask: days.mask,
      daysText: days.text,
      leadTimeDays: route.leadTimeDays,
      dispatchCapacity: route.dispatchCapacity,
      priority: route.priority,
      cost: cost.cost,
      costBase: cost.base,
      costPerKg: cost.perKg,
      windows,
      dispatch: counter('DISPATCH', route.code, route.dispatchCapacity),
    };
    routeByCode.set(model.code, model);
    const bySource = routesBySource.get(route.source);
    if (bySource === undefined) routesBySource.set(route.source, [model]);
    else bySource.push(model);
    return model;
  });

  return {
    settings: { ...document.settings, wholesale: { ...document.settings.wholesale } },
    nodes,
    zones,
    routes,
    capacityOverrides: document.capacityOverrides,
    nodeByCode,
    zoneByCode,
    zoneByUbigeo,
    routeByCode,
    routesBySource,
    counters,
    pickupPoints: nodes.filter((node) => node.isPickupPoint).sort((a, b) => compareCodes(a.code, b.code)),
  };
}

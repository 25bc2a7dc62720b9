/** The active snapshot as a configuration document (GET /configuration; no stock or usage sections). */
import type { ConfigurationDocument, NodeDocument, RouteDocument } from './configuration-document.types';
import { mapInSlices, runAtOnce, runInSlices, type Pacer, type Steps } from '../shared/slices';
import type { Snapshot } from './snapshot';

export function snapshotToDocument(snapshot: Snapshot): ConfigurationDocument {
  return runAtOnce(exportSteps(snapshot));
}

/** The same, a slice of entries at a time (a 100k-route snapshot: compare, preview). */
export function snapshotToDocumentInSlices(snapshot: Snapshot, pacer: Pacer): Promise<ConfigurationDocument> {
  return runInSlices(exportSteps(snapshot), pacer);
}

function* exportSteps(snapshot: Snapshot): Steps<ConfigurationDocument> {
  const { settings } = snapshot;
  return {
    settings: {
      timezone: settings.timezone,
      searchHorizonDays: settings.searchHorizonDays,
      maxDeliveryDates: settings.maxDeliveryDates,
      maxLegs: settings.maxLegs,
      maxAlternativePaths: settings.maxAlternativePaths,
      wholesale: {
        unitsThreshold: settings.wholesale.unitsThreshold,
        additionalDays: settings.wholesale.additionalDays,
      },
      // only when set: a document without it exports as it always did
      ...(settings.promiseConfidence === undefined
        ? {}
        : { promiseConfidence: { bySaleChannel: { ...settings.promiseConfidence.bySaleChannel } } }),
    },
    nodes: yield* mapInSlices(snapshot.nodes, (node): NodeDocument => ({
      code: node.code,
      type: node.type,
      name: node.name,
      shortName: node.shortName,
      address: node.address === null ? null : { ...node.address },
      platformWarehouseId: node.platformWarehouseId,
      platformDockId: node.platformDockId,
      contactNumber: node.contactNumber,
      pickupPointId: node.pickupPointId,
      deliveryTime: node.deliveryTime,
      pickingDays: [...node.pickingDays],
      processingDays: node.processingDays,
      pickingCutoffTime: node.pickingCutoffTime,
      pickingCapacity: node.pickingCapacity,
      holidays: [...node.holidays],
    })),
    zones: yield* mapInSlices(snapshot.zones, (zone) => ({
      code: zone.code,
      ubigeoCodes: [...zone.ubigeoCodes],
    })),
    routes: yield* mapInSlices(snapshot.routes, (route): RouteDocument => ({
      code: route.code,
      description: route.description,
      source: route.source.code,
      ...(route.targetZone === null ? { targetNode: route.targetCode } : { targetZone: route.targetCode }),
      mode: route.mode,
      dispatchTypes: [...route.dispatchTypes],
      daysOfWeek: [...route.daysOfWeek],
      leadTimeDays: route.leadTimeDays,
      dispatchCapacity: route.dispatchCapacity,
      priority: route.priority,
      cost: { base: route.cost.base, perKg: route.cost.perKg },
      deliveryWindows: route.windows.map((window) => ({
        code: window.code,
        start: window.start,
        end: window.end,
        capacity: window.capacity,
      })),
    })),
    capacityOverrides: yield* mapInSlices(snapshot.capacityOverrides, (row) => ({ ...row })),
  };
}

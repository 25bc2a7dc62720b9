/**
 * The configuration tables (configuration.md "Storage") as a configuration document and back. `replace` writes a
 * validated document; `read` rebuilds the raw document from whatever the tables hold (rows edited by hand
 * included), which `parseConfiguration` then validates — so a load never trusts the tables.
 */
import { type ConfigurationDocument, oneInstance } from '@delivery/capacity-domain';
import { eachRowInBatches, insertInParts, queryInBatches, type Sql } from '@delivery/persistence';

const TABLES_CHILDREN_FIRST = [
  'capacity_overrides',
  'capacity_route_windows',
  'capacity_routes',
  'capacity_zone_ubigeos',
  'capacity_zones',
  'capacity_node_holidays',
  'capacity_nodes',
  'capacity_settings',
];

export class ConfigurationTablesRepository {
  /** Replaces every configuration table with `document` (call inside a transaction). */
  async replace(db: Sql, document: ConfigurationDocument, timezoneGiven: boolean): Promise<void> {
    await db.query(TABLES_CHILDREN_FIRST.map((table) => `DELETE FROM ${table};`).join('\n'));
    const { settings } = document;
    await db.query(
      `INSERT INTO capacity_settings (timezone, search_horizon_days, max_delivery_dates, max_legs,
         max_alternative_paths, wholesale_units_threshold, wholesale_additional_days, promise_confidence)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
      [
        timezoneGiven ? settings.timezone : null,
        settings.searchHorizonDays,
        settings.maxDeliveryDates,
        settings.maxLegs,
        settings.maxAlternativePaths,
        settings.wholesale.unitsThreshold,
        settings.wholesale.additionalDays,
        settings.promiseConfidence === undefined ? null : JSON.stringify(settings.promiseConfidence),
      ],
    );
    await insertInParts(
      db,
      `INSERT INTO capacity_nodes (code, position, type, name, short_name, address, platform_warehouse_id,
         platform_dock_id, contact_number, pickup_point_id, delivery_time, picking_days, processing_days,
         picking_cutoff_time, picking_capacity)
       SELECT n.code, n.position, n.type, n.name, n."shortName", n.address, n."platformWarehouseId",
         n."platformDockId", n."contactNumber", n."pickupPointId", n."deliveryTime",
         ARRAY(SELECT jsonb_array_elements_text(n."pickingDays")), n."processingDays", n."pickingCutoffTime",
         n."pickingCapacity"
       FROM jsonb_to_recordset($1::jsonb) AS n(code text, position integer, type text, name text,
         "shortName" text, address jsonb, "platformWarehouseId" text, "platformDockId" text,
         "contactNumber" text, "pickupPointId" text, "deliveryTime" text, "pickingDays" jsonb,
         "processingDays" numeric, "pickingCutoffTime" text, "pickingCapacity" numeric)`,
      document.nodes,
      (part, start) => part.map((node, index) => ({ ...node, position: start + index })),
    );
    await insertInParts(
      db,
      `INSERT INTO capacity_node_holidays (node_code, date)
       SELECT h.node, h.date FROM jsonb_to_recordset($1::jsonb) AS h(node text, date date)
       ON CONFLICT DO NOTHING`,
      document.nodes,
      (part) => part.flatMap((node) => node.holidays.map((date) => ({ node: node.code, date }))),
    );
    await insertInParts(
      db,
      `INSERT INTO capacity_zones (code, position)
       SELECT z.code, z.position FROM jsonb_to_recordset($1::jsonb) AS z(code text, position integer)`,
      document.zones,
      (part, start) => part.map((zone, index) => ({ code: zone.code, position: start + index })),
    );
    await insertInParts(
      db,
      `INSERT INTO capacity_zone_ubigeos (zone_code, position, ubigeo)
       SELECT u.zone, u.position, u.ubigeo
       FROM jsonb_to_recordset($1::jsonb) AS u(zone text, position integer, ubigeo text)`,
      document.zones,
      (part) =>
        part.flatMap((zone) =>
          zone.ubigeoCodes.map((ubigeo, position) => ({ zone: zone.code, position, ubigeo })),
        ),
    );
    await insertInParts(
      db,
      `INSERT INTO capacity_routes (code, position, description, source, target_node, target_zone, mode,
         dispatch_types, days_of_week, lead_time_days, dispatch_capacity, priority, cost_base, cost_per_kg)
       SELECT r.code, r.position, r.description, r.source, r."targetNode", r."targetZone", r.mode,
         ARRAY(SELECT jsonb_array_elements_text(r."dispatchTypes")),
         ARRAY(SELECT jsonb_array_elements_text(r."daysOfWeek")), r."leadTimeDays", r."dispatchCapacity",
         r.priority, (r.cost ->> 'base')::numeric, (r.cost ->> 'perKg')::numeric
       FROM jsonb_to_recordset($1::jsonb) AS r(code text, position integer, description text, source text,
         "targetNode" text, "targetZone" text, mode text, "dispatchTypes" jsonb, "daysOfWeek" jsonb,
         "leadTimeDays" numeric, "dispatchCapacity" numeric, priority numeric, cost jsonb)`,
      document.routes,
      (part, start) => part.map((route, index) => ({ ...route, position: start + index })),
    );
    await insertInParts(
      db,
      `INSERT INTO capacity_route_windows (route_code, code, position, start_time, end_time, capacity)
       SELECT w.route, w.code, w.position, w.start, w."end", w.capacity
       FROM jsonb_to_recordset($1::jsonb) AS w(route text, code text, position integer, start text, "end" text,
         capacity numeric)`,
      document.routes,
      (part) =>
        part.flatMap((route) =>
          route.deliveryWindows.map((window, position) => ({ ...window, route: route.code, position })),
        ),
    );
    await insertInParts(
      db,
      `INSERT INTO capacity_overrides (scope, ref, date, position, capacity)
       SELECT o.scope, o.ref, o.date, o.position, o.capacity
       FROM jsonb_to_recordset($1::jsonb) AS o(scope text, ref text, date date, position integer,
         capacity numeric)`,
      document.capacityOverrides,
      (part, start) => part.map((override, index) => ({ ...override, position: start + index })),
    );
  }

  /**
   * The tables as a raw configuration document (not validated; settings absent when there is no row). Call inside
   * a transaction: the long lists are fetched in batches (cursor.reader.ts).
   */
  async read(db: Sql): Promise<Record<string, unknown>> {
    const [settings] = await db.query<SettingsRow>(
      `SELECT timezone, search_horizon_days::float8 AS "searchHorizonDays",
         max_delivery_dates::float8 AS "maxDeliveryDates", max_legs::float8 AS "maxLegs",
         max_alternative_paths::float8 AS "maxAlternativePaths",
         wholesale_units_threshold::float8 AS "unitsThreshold",
         wholesale_additional_days::float8 AS "additionalDays",
         promise_confidence AS "promiseConfidence"
       FROM capacity_settings`,
    );
    const nodes = await queryInBatches<Record<string, unknown>>(
      db,
      `SELECT n.code, n.type, n.name, n.short_name AS "shortName", n.address,
         n.platform_warehouse_id AS "platformWarehouseId", n.platform_dock_id AS "platformDockId",
         n.contact_number AS "contactNumber", n.pickup_point_id AS "pickupPointId",
         n.delivery_time AS "deliveryTime", n.picking_days AS "pickingDays",
         n.processing_days::float8 AS "processingDays", n.picking_cutoff_time AS "pickingCutoffTime",
         n.picking_capacity::float8 AS "pickingCapacity",
         ARRAY(SELECT to_char(h.date, 'YYYY-MM-DD') FROM capacity_node_holidays h
               WHERE h.node_code = n.code ORDER BY h.date) AS holidays
       FROM capacity_nodes n ORDER BY n.position, n.code`,
    );
    const zones = await queryInBatches<Record<string, unknown>>(
      db,
      `SELECT z.code, ARRAY(SELECT u.ubigeo FROM capacity_zone_ubigeos u
                            WHERE u.zone_code = z.code ORDER BY u.position) AS "ubigeoCodes"
       FROM capacity_zones z ORDER BY z.position, z.code`,
    );
    const same = new Repeats();
    const windowsByRoute = new Map<string, WindowDocument[]>();
    await eachRowInBatches<WindowRow>(
      db,
      `SELECT route_code AS route, code, start_time AS start, end_time AS "end", capacity::float8 AS capacity
       FROM capacity_route_windows ORDER BY route_code, position, code`,
      [],
      ({ route, code, start, end, capacity }) => {
        const window = { code: same.text(code), start: same.text(start), end: same.text(end), capacity };
        const list = windowsByRoute.get(route);
        if (list === undefined) windowsByRoute.set(route, [window]);
        else list.push(window);
      },
    );
    const routes: Record<string, unknown>[] = [];
    await eachRowInBatches<RouteRow>(
      db,
      `SELECT r.code, r.description, r.source, r.target_node AS "targetNode",
         r.target_zone AS "targetZone", r.mode, r.dispatch_types AS "dispatchTypes",
         r.days_of_week AS "daysOfWeek", r.lead_time_days::float8 AS "leadTimeDays",
         r.dispatch_capacity::float8 AS "dispatchCapacity", r.priority::float8 AS priority,
         r.cost_base::float8 AS "costBase", r.cost_per_kg::float8 AS "costPerKg"
       FROM capacity_routes r ORDER BY r.position, r.code`,
      [],
      (row) => routes.push(routeDocument(row, windowsByRoute.get(row.code) ?? [], same)),
    );
    const overrides = await queryInBatches<Record<string, unknown>>(
      db,
      `SELECT scope, ref, to_char(date, 'YYYY-MM-DD') AS date, capacity::float8 AS capacity
       FROM capacity_overrides ORDER BY position, scope, ref, date`,
    );
    const document: Record<string, unknown> = { nodes, zones, routes, capacityOverrides: overrides };
    if (settings !== undefined) document.settings = settingsDocument(settings);
    return document;
  }
}

/**
 * One instance per distinct value of a column that repeats (a network's routes share a few day lists, modes,
 * sources and window times): the raw document of a large network is read while the old snapshot still serves, and
 * each repeat would be one more object alive for the collector to mark. The document is only read, never changed.
 */
class Repeats {
  private readonly texts = new Map<string, string>();
  private readonly lists = new Map<string, string[]>();
  private readonly costs = new Map<string, { base: number; perKg: number }>();

  text<T extends string | null>(value: T): T {
    return value === null ? value : (oneInstance(this.texts, value, () => value) as T);
  }

  list(list: string[]): string[] {
    return oneInstance(this.lists, JSON.stringify(list), () => list);
  }

  cost(base: number, perKg: number): { base: number; perKg: number } {
    return oneInstance(this.costs, `${base} ${perKg}`, () => ({ base, perKg }));
  }
}

function routeDocument(
  {
    code,
    description,
    source,
    targetNode,
    targetZone,
    mode,
    dispatchTypes,
    daysOfWeek,
    costBase,
    costPerKg,
    ...numbers
  }: RouteRow,
  deliveryWindows: WindowDocument[],
  same: Repeats,
): Record<string, unknown> {
  return {
    code,
    description,
    source: same.text(source),
    ...(targetNode === null ? {} : { targetNode: same.text(targetNode) }),
    ...(targetZone === null ? {} : { targetZone: same.text(targetZone) }),
    mode: same.text(mode),
    dispatchTypes: same.list(dispatchTypes),
    daysOfWeek: same.list(daysOfWeek),
    ...numbers,
    cost: same.cost(costBase, costPerKg),
    deliveryWindows,
  };
}

interface WindowRow {
  route: string;
  code: string;
  start: string;
  end: string;
  capacity: number | null;
}

interface SettingsRow {
  timezone: string | null;
  searchHorizonDays: number | null;
  maxDeliveryDates: number | null;
  maxLegs: number | null;
  maxAlternativePaths: number | null;
  unitsThreshold: number | null;
  additionalDays: number | null;
  promiseConfidence: unknown;
}

interface RouteRow {
  code: string;
  description: string;
  source: string;
  targetNode: string | null;
  targetZone: string | null;
  mode: string;
  dispatchTypes: string[];
  daysOfWeek: string[];
  leadTimeDays: number;
  dispatchCapacity: number | null;
  priority: number;
  costBase: number;
  costPerKg: number;
}

type WindowDocument = Omit<WindowRow, 'route'>;

/** Null columns are absent fields (the document's defaults apply). */
function settingsDocument({ unitsThreshold, additionalDays, ...row }: SettingsRow): Record<string, unknown> {
  const present = (entries: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== null));
  return { ...present(row), wholesale: { unitsThreshold, ...present({ additionalDays }) } };
}

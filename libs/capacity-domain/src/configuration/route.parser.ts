/** `routes[]` of the configuration document (E2 Route, E11.7). Cross references are checked by the parser. */
import { parseTime } from '../calendar/calendar';
import {
  DeliveryWindowDocument,
  DISPATCH_TYPES,
  DispatchType,
  ROUTE_MODES,
  RouteDocument,
} from './configuration-document.types';
import { acceptedKeys, ROUTE_FIELDS, WINDOW_FIELDS } from './configuration.fields';
import { childPath, DocumentReader, JsonObject } from './document-reader';
import { parseWeekdays } from './node.parser';

const ROUTE_KEYS = acceptedKeys(ROUTE_FIELDS);
const WINDOW_KEYS = acceptedKeys(WINDOW_FIELDS);

export function parseRoute(value: unknown, path: string, reader: DocumentReader): RouteDocument | null {
  const raw = reader.object(value, path, ROUTE_KEYS);
  if (raw === null) return null;
  const before = reader.problems.length;
  const code = reader.code(raw, 'code', path);
  const mode = reader.oneOf(raw, 'mode', path, ROUTE_MODES, null);
  const source = reader.code(raw, 'source', path);
  const target = parseTarget(raw, path, reader, mode);
  const daysOfWeek = parseWeekdays(raw, 'daysOfWeek', path, reader, null);
  const leadTimeDays = reader.number(raw, 'leadTimeDays', path, { integer: true, min: 0 });
  const dispatchCapacity = reader.number(raw, 'dispatchCapacity', path, {
    integer: true,
    min: 0,
    fallback: null,
  });
  const priority = reader.number(raw, 'priority', path, { integer: true, min: 0, fallback: 100 });
  const route: RouteDocument = {
    code: code ?? '',
    description: reader.string(raw, 'description', path, false) ?? '',
    source: source ?? '',
    ...target,
    mode: mode ?? 'TRANSFER',
    dispatchTypes: parseDispatchTypes(raw, path, reader),
    daysOfWeek: daysOfWeek ?? [],
    leadTimeDays: leadTimeDays ?? 0,
    dispatchCapacity: dispatchCapacity ?? null,
    priority: priority ?? 100,
    cost: parseCost(raw, path, reader),
    deliveryWindows: parseWindows(raw, path, reader),
  };
  return reader.problems.length === before ? route : null;
}

function parseTarget(
  raw: JsonObject,
  path: string,
  reader: DocumentReader,
  mode: string | null,
): { targetNode?: string; targetZone?: string } {
  const hasNode = !reader.isAbsent(raw, 'targetNode');
  const hasZone = !reader.isAbsent(raw, 'targetZone');
  if (hasNode && hasZone) {
    reader.report(path, 'exactly one of targetNode and targetZone');
    return {};
  }
  if (mode === 'HOME_DELIVERY' && !hasZone) {
    reader.report(childPath(path, 'targetZone'), 'required: HOME_DELIVERY routes target a zone');
    return {};
  }
  if (mode !== null && mode !== 'HOME_DELIVERY' && !hasNode) {
    reader.report(childPath(path, 'targetNode'), `required: ${mode} routes target a node`);
    return {};
  }
  if (hasZone) {
    const zone = reader.code(raw, 'targetZone', path);
    return zone === null ? {} : { targetZone: zone };
  }
  if (hasNode) {
    const node = reader.code(raw, 'targetNode', path);
    return node === null ? {} : { targetNode: node };
  }
  return {};
}

function parseDispatchTypes(raw: JsonObject, path: string, reader: DocumentReader): DispatchType[] {
  const list = reader.array(raw, 'dispatchTypes', path, [...DISPATCH_TYPES]);
  if (list === null) return [];
  const at = childPath(path, 'dispatchTypes');
  if (list.length === 0) reader.report(at, 'must not be empty');
  const seen = new Set<DispatchType>();
  list.forEach((value, index) => {
    const type = reader.enumValue(value, childPath(at, index), DISPATCH_TYPES);
    if (type !== null && seen.has(type))
      reader.report(childPath(at, index), `duplicate dispatch type '${type}'`);
    if (type !== null) seen.add(type);
  });
  return DISPATCH_TYPES.filter((type) => seen.has(type));
}

function parseCost(raw: JsonObject, path: string, reader: DocumentReader): { base: number; perKg: number } {
  if (reader.isAbsent(raw, 'cost')) return { base: 0, perKg: 0 };
  const at = childPath(path, 'cost');
  const cost = reader.object(raw.cost, at, ['base', 'perKg']);
  if (cost === null) return { base: 0, perKg: 0 };
  const base = reader.number(cost, 'base', at, { integer: false, min: 0, fallback: 0 });
  const perKg = reader.number(cost, 'perKg', at, { integer: false, min: 0, fallback: 0 });
  return { base: base ?? 0, perKg: perKg ?? 0 };
}

function parseWindows(raw: JsonObject, path: string, reader: DocumentReader): DeliveryWindowDocument[] {
  const list = reader.array(raw, 'deliveryWindows', path, []) ?? [];
  const seen = new Set<string>();
  const windows: DeliveryWindowDocument[] = [];
  list.forEach((value, index) => {
    const at = childPath(childPath(path, 'deliveryWindows'), index);
    const window = reader.object(value, at, WINDOW_KEYS);
    if (window === null) return;
    const code = reader.code(window, 'code', at);
    if (code !== null && seen.has(code))
      reader.report(childPath(at, 'code'), `duplicate window code '${code}'`);
    if (code !== null) seen.add(code);
    const start = time(window, 'start', at, reader);
    const end = time(window, 'end', at, reader);
    if (start !== null && end !== null && end.minutes <= start.minutes) {
      reader.report(childPath(at, 'end'), 'must be after start');
    }
    const capacity = reader.number(window, 'capacity', at, { integer: true, min: 0, fallback: null });
    if (code !== null && start !== null && end !== null) {
      windows.push({ code, start: start.text, end: end.text, capacity: capacity ?? null });
    }
  });
  return windows;
}

function time(
  raw: JsonObject,
  key: string,
  path: string,
  reader: DocumentReader,
): { text: string; minutes: number } | null {
  const text = reader.string(raw, key, path, true);
  if (text === null) return null;
  const minutes = parseTime(text);
  if (minutes === null) reader.report(childPath(path, key), 'must be a time HH:mm');
  return minutes === null ? null : { text, minutes };
}

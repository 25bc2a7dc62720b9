/** `nodes[]` and `zones[]` of the configuration document (E2 Node, Zone). */
import { isWeekday, parseDate, parseTime, Weekday, WEEKDAYS } from '../calendar/calendar';
import { AddressDocument, NODE_TYPES, NodeDocument, ZoneDocument } from './configuration-document.types';
import { acceptedKeys, NODE_FIELDS, ZONE_FIELDS } from './configuration.fields';
import { childPath, DocumentReader, JsonObject } from './document-reader';

const NODE_KEYS = acceptedKeys(NODE_FIELDS);
const ADDRESS_KEYS = ['address', 'district', 'province', 'ubigeoCode', 'country', 'latitude', 'longitude'];

/** A list of weekday codes without duplicates (E11.7), returned in E1.2 order. */
export function parseWeekdays(
  object: JsonObject,
  key: string,
  path: string,
  reader: DocumentReader,
  fallback: Weekday[] | null,
): Weekday[] | null {
  const list = reader.array(object, key, path, fallback);
  if (list === null || list === fallback) return list as Weekday[] | null;
  const seen = new Set<Weekday>();
  let valid = true;
  list.forEach((value, index) => {
    const at = childPath(childPath(path, key), index);
    if (!isWeekday(value)) {
      reader.report(at, `must be one of ${WEEKDAYS.join(', ')}`);
      valid = false;
    } else if (seen.has(value)) {
      reader.report(at, `duplicate weekday '${value}'`);
      valid = false;
    } else seen.add(value);
  });
  return valid ? WEEKDAYS.filter((day) => seen.has(day)) : null;
}

function parseAddress(value: unknown, path: string, reader: DocumentReader): AddressDocument | null {
  if (value === undefined || value === null) return null;
  const raw = reader.object(value, path, ADDRESS_KEYS);
  if (raw === null) return null;
  const text = (key: string): string | null => reader.string(raw, key, path, false);
  const latitude = reader.number(raw, 'latitude', path, {
    integer: false,
    min: -90,
    max: 90,
    fallback: null,
  });
  const longitude = reader.number(raw, 'longitude', path, {
    integer: false,
    min: -180,
    max: 180,
    fallback: null,
  });
  return {
    address: text('address'),
    district: text('district'),
    province: text('province'),
    ubigeoCode: text('ubigeoCode'),
    country: text('country'),
    latitude: latitude ?? null,
    longitude: longitude ?? null,
  };
}

export function parseNode(value: unknown, path: string, reader: DocumentReader): NodeDocument | null {
  const raw = reader.object(value, path, NODE_KEYS);
  if (raw === null) return null;
  const before = reader.problems.length;
  const text = (key: string): string | null => reader.string(raw, key, path, false);
  const code = reader.code(raw, 'code', path);
  const type = reader.oneOf(raw, 'type', path, NODE_TYPES, null);
  const pickingDays = parseWeekdays(raw, 'pickingDays', path, reader, [...WEEKDAYS]);
  const processingDays = reader.number(raw, 'processingDays', path, { integer: true, min: 0, fallback: 0 });
  const pickingCapacity = reader.number(raw, 'pickingCapacity', path, {
    integer: true,
    min: 0,
    fallback: null,
  });
  const cutoff = text('pickingCutoffTime');
  if (cutoff !== null && parseTime(cutoff) === null)
    reader.report(childPath(path, 'pickingCutoffTime'), 'must be a time HH:mm');
  const holidays = (reader.array(raw, 'holidays', path, []) ?? []).filter((date, index): date is string => {
    if (typeof date === 'string' && parseDate(date) !== null) return true;
    reader.report(childPath(childPath(path, 'holidays'), index), 'must be a date YYYY-MM-DD');
    return false;
  });
  const node: NodeDocument = {
    code: code ?? '',
    type: type ?? 'CD',
    name: text('name'),
    shortName: text('shortName'),
    address: parseAddress(raw.address, childPath(path, 'address'), reader),
    platformWarehouseId: text('platformWarehouseId'),
    platformDockId: text('platformDockId'),
    contactNumber: text('contactNumber'),
    pickupPointId: text('pickupPointId'),
    deliveryTime: text('deliveryTime'),
    pickingDays: pickingDays ?? [],
    processingDays: processingDays ?? 0,
    pickingCutoffTime: cutoff,
    pickingCapacity: pickingCapacity ?? null,
    holidays: [...new Set(holidays)].sort(),
  };
  return reader.problems.length === before ? node : null;
}

export function parseZone(value: unknown, path: string, reader: DocumentReader): ZoneDocument | null {
  const raw = reader.object(value, path, acceptedKeys(ZONE_FIELDS));
  if (raw === null) return null;
  const before = reader.problems.length;
  const code = reader.code(raw, 'code', path);
  const list = reader.array(raw, 'ubigeoCodes', path, null) ?? [];
  const ubigeoCodes = list.filter((ubigeo, index): ubigeo is string => {
    if (typeof ubigeo === 'string' && ubigeo.length > 0) return true;
    reader.report(childPath(childPath(path, 'ubigeoCodes'), index), 'must be a non-empty string');
    return false;
  });
  return reader.problems.length === before && code !== null ? { code, ubigeoCodes } : null;
}

/**
 * The fields of each entry of the configuration document (configuration.md "Document"): what its parsers accept
 * and what a compare reports a change of. Each entry is its key, the fields compared, and its nested sections
 * (compared as sections of their own: a node's holidays, a route's windows).
 */
interface EntryFields {
  /** the fields of the entry that identify it (never reported as changed: another key is another entry) */
  readonly key: readonly string[];
  /** the fields compared, in the order a change lists them */
  readonly compared: readonly string[];
  readonly nested: readonly string[];
}

/** Every property the entry may have (the parser reports any other as unknown). */
export const acceptedKeys = ({ key, compared, nested }: EntryFields): readonly string[] => [
  ...key,
  ...compared,
  ...nested,
];

export const SETTINGS_FIELDS: EntryFields = {
  key: [],
  compared: [
    'timezone',
    'searchHorizonDays',
    'maxDeliveryDates',
    'maxLegs',
    'maxAlternativePaths',
    'wholesale',
    'promiseConfidence',
  ],
  nested: [],
};

export const NODE_FIELDS: EntryFields = {
  key: ['code'],
  compared: [
    'type',
    'name',
    'shortName',
    'address',
    'platformWarehouseId',
    'platformDockId',
    'contactNumber',
    'pickupPointId',
    'deliveryTime',
    'pickingDays',
    'processingDays',
    'pickingCutoffTime',
    'pickingCapacity',
  ],
  nested: ['holidays'],
};

export const ZONE_FIELDS: EntryFields = { key: ['code'], compared: ['ubigeoCodes'], nested: [] };

export const ROUTE_FIELDS: EntryFields = {
  key: ['code'],
  compared: [
    'description',
    'source',
    'targetZone',
    'targetNode',
    'mode',
    'dispatchTypes',
    'daysOfWeek',
    'leadTimeDays',
    'dispatchCapacity',
    'priority',
    'cost',
  ],
  nested: ['deliveryWindows'],
};

export const WINDOW_FIELDS: EntryFields = {
  key: ['code'],
  compared: ['start', 'end', 'capacity'],
  nested: [],
};

export const OVERRIDE_FIELDS: EntryFields = {
  key: ['scope', 'ref', 'date'],
  compared: ['capacity'],
  nested: [],
};

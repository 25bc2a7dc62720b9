import { demoDocument } from '../testing/demo-world';
import { runAtOnce } from '../shared/slices';
import type { ConfigurationDocument } from './configuration-document.types';
import { diffConfigurations, type FieldChange } from './configuration.diff';
import {
  acceptedKeys,
  NODE_FIELDS,
  OVERRIDE_FIELDS,
  ROUTE_FIELDS,
  SETTINGS_FIELDS,
  WINDOW_FIELDS,
  ZONE_FIELDS,
} from './configuration.fields';
import { parseConfiguration } from './configuration.parser';

type Entry = Record<string, unknown>;
type Document = Record<string, unknown> & {
  settings: Entry;
  nodes: Entry[];
  zones: Entry[];
  routes: Entry[];
};

/** The demo document with one capacity override, valid as it stands. */
const documentWith = (): Document => {
  const document = demoDocument() as Document;
  document.capacityOverrides = [
    { scope: 'PICKING', ref: document.nodes[0].code, date: '2026-12-31', capacity: 5 },
  ];
  return document;
};
const unknownProperties = (document: Document) => {
  const result = parseConfiguration(document, { timezone: 'UTC' });
  return result.ok ? [] : result.errors.filter((error) => error.message === 'is not an accepted property');
};
const changedFields = (before: Document, after: Document) => {
  const changes = runAtOnce(
    diffConfigurations(
      before as unknown as ConfigurationDocument,
      after as unknown as ConfigurationDocument,
      10,
    ),
  );
  const { settings, nodes, zones, routes, windows, capacityOverrides } = changes;
  const entry = (fields: FieldChange[] | undefined) => (fields ?? []).map((change) => change.field);
  return {
    settings: entry(settings),
    nodes: entry(nodes.changed[0]?.fields),
    zones: entry(zones.changed[0]?.fields),
    routes: entry(routes.changed[0]?.fields),
    windows: entry(windows.changed[0]?.fields),
    capacityOverrides: entry(capacityOverrides.changed[0]?.fields),
  };
};

/** configuration.fields.ts is the one list of each entry's fields: the parsers accept it, the diff compares it. */
describe.each([
  ['settings', SETTINGS_FIELDS, 'settings', (d: Document) => d.settings],
  ['nodes', NODE_FIELDS, 'nodes[0]', (d: Document) => d.nodes[0]],
  ['zones', ZONE_FIELDS, 'zones[0]', (d: Document) => d.zones[0]],
  ['routes', ROUTE_FIELDS, 'routes[0]', (d: Document) => d.routes[0]],
  [
    'windows',
    WINDOW_FIELDS,
    'routes[0].deliveryWindows[0]',
    (d: Document) => (d.routes[0].deliveryWindows as Entry[])[0],
  ],
  [
    'capacityOverrides',
    OVERRIDE_FIELDS,
    'capacityOverrides[0]',
    (d: Document) => (d.capacityOverrides as Entry[])[0],
  ],
] as const)('the fields of %s', (section, fields, path, entryOf) => {
  it('are every property the parser accepts: a listed one is never unknown, an unlisted one is', () => {
    const listed = documentWith();
    for (const field of acceptedKeys(fields)) entryOf(listed)[field] ??= null;
    expect(unknownProperties(listed)).toEqual([]);
    const unlisted = documentWith();
    entryOf(unlisted).unlisted = 1;
    expect(unknownProperties(unlisted)).toEqual([
      { path: `${path}.unlisted`, message: 'is not an accepted property' },
    ]);
  });

  it('are what the diff compares: a change of each compared field shows, in the listed order', () => {
    const before = documentWith();
    const after = documentWith();
    for (const field of fields.compared) entryOf(after)[field] = `changed ${field}`;
    expect(changedFields(before, after)[section]).toEqual(fields.compared);
  });
});

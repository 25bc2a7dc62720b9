/** configuration.md validation (all problems together, with JSON paths) and E11.7. */
import { demoDocument } from '../testing/demo-world';
import { documentOf, homeRoute, node, transfer, withdrawal, zone } from '../testing/world-builder';
import { parseConfiguration } from './configuration.parser';

type Fields = Record<string, unknown>;
const problems = (document: unknown) => {
  const result = parseConfiguration(document, { timezone: 'America/Lima' });
  return result.ok ? [] : result.errors;
};
const base = (
  changes: {
    settings?: Fields;
    nodes?: Fields[];
    zones?: Fields[];
    routes?: Fields[];
    capacityOverrides?: Fields[];
  } = {},
) =>
  documentOf({
    nodes: [node('A'), node('B', { type: 'TD' })],
    zones: [zone('Z', ['150101'])],
    routes: [
      homeRoute('R', 'A', 'Z', {
        deliveryWindows: [{ code: 'W', start: '09:00', end: '12:00', capacity: 1 }],
      }),
      transfer('T', 'A', 'B'),
    ],
    ...changes,
  });
const one = (path: string, message: string) => [{ path, message }];

describe('configuration document', () => {
  it('accepts the demo document and hands back its stock and usage sections', () => {
    const result = parseConfiguration(demoDocument(), { timezone: 'UTC' });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect([
      result.snapshot.nodes.length,
      result.snapshot.zones.length,
      result.snapshot.routes.length,
    ]).toEqual([4, 2, 6]);
    expect(result.snapshot.settings.timezone).toBe('America/Lima');
    expect(result.stock).toHaveLength(7);
    expect(result.stock?.[0]).toEqual({ sku: 'SKU-1', node: 'CD01', available: 500 });
    expect(result.usage).toEqual([]);
    const withoutSections = parseConfiguration(base(), { timezone: 'UTC' });
    expect(withoutSections.ok && [withoutSections.stock, withoutSections.usage]).toEqual([null, null]);
  });

  it('fills in the defaults of E2', () => {
    const document = documentOf({
      nodes: [{ code: 'A', type: 'CD' }],
      zones: [zone('Z', [])],
      routes: [
        { code: 'R', source: 'A', targetZone: 'Z', mode: 'HOME_DELIVERY', daysOfWeek: [], leadTimeDays: 0 },
      ],
    });
    delete (document as { settings?: unknown }).settings;
    const result = parseConfiguration(document, { timezone: 'UTC' });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.document.settings).toEqual({
      timezone: 'UTC',
      searchHorizonDays: 30,
      maxDeliveryDates: 5,
      maxLegs: 3,
      maxAlternativePaths: 3,
      wholesale: { unitsThreshold: null, additionalDays: 0 },
    });
    expect(result.document.nodes[0]).toMatchObject({
      pickingDays: ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'],
      processingDays: 0,
      pickingCapacity: null,
      holidays: [],
      pickupPointId: null,
    });
    expect(result.document.routes[0]).toMatchObject({
      description: '',
      dispatchTypes: ['NORMAL', 'EXPRESS'],
      priority: 100,
      cost: { base: 0, perKg: 0 },
      dispatchCapacity: null,
      deliveryWindows: [],
    });
  });

  it('E1.1: says whether the document names its time zone (one that does not follows the default)', () => {
    const named = (settings: Fields | undefined) => {
      const document = base() as { settings?: unknown };
      if (settings === undefined) delete document.settings;
      else document.settings = settings;
      const result = parseConfiguration(document, { timezone: 'UTC' });
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      return [result.document.settings.timezone, result.timezoneGiven];
    };
    expect(named({ timezone: 'America/Bogota' })).toEqual(['America/Bogota', true]);
    expect(named({ timezone: null })).toEqual(['UTC', false]);
    expect(named({ maxLegs: 2 })).toEqual(['UTC', false]);
    expect(named(undefined)).toEqual(['UTC', false]);
  });

  it('codes match [A-Za-z0-9._-]+ and are unique per kind', () => {
    expect(problems(base({ nodes: [node('A B'), node('B')] }))).toEqual([
      { path: 'nodes[0].code', message: 'must be letters, digits, ".", "_" or "-"' },
      { path: 'routes[0].source', message: "unknown node 'A'" },
      { path: 'routes[1].source', message: "unknown node 'A'" },
    ]);
    expect(problems(base({ nodes: [node('A'), node('B'), node('A', { type: 'TD' })] }))).toEqual(
      one('nodes[2].code', "duplicate node code 'A'"),
    );
    expect(problems(base({ zones: [zone('Z', []), zone('Z', [])] }))).toEqual(
      one('zones[1].code', "duplicate zone code 'Z'"),
    );
    expect(problems(base({ routes: [transfer('T', 'A', 'B'), transfer('T', 'B', 'A')] }))).toEqual(
      one('routes[1].code', "duplicate route code 'T'"),
    );
  });

  it("every route's source and target exist", () => {
    expect(problems(base({ routes: [transfer('T', 'X', 'Y'), homeRoute('R', 'A', 'Q')] }))).toEqual([
      { path: 'routes[0].source', message: "unknown node 'X'" },
      { path: 'routes[0].targetNode', message: "unknown node 'Y'" },
      { path: 'routes[1].targetZone', message: "unknown zone 'Q'" },
    ]);
  });

  it('HOME_DELIVERY legs target a zone, the others a node, never both', () => {
    expect(problems(base({ routes: [{ ...transfer('T', 'A', 'B'), mode: 'HOME_DELIVERY' }] }))).toEqual(
      one('routes[0].targetZone', 'required: HOME_DELIVERY routes target a zone'),
    );
    const { targetNode: _targetNode, ...zoneTarget } = withdrawal('W', 'A', 'B');
    expect(problems(base({ routes: [{ ...zoneTarget, targetZone: 'Z' }] }))).toEqual(
      one('routes[0].targetNode', 'required: STORE_WITHDRAWAL routes target a node'),
    );
    expect(problems(base({ routes: [{ ...transfer('T', 'A', 'B'), targetZone: 'Z' }] }))).toEqual(
      one('routes[0]', 'exactly one of targetNode and targetZone'),
    );
  });

  it('weekdays, modes, dispatch types, node types and HH:mm times are valid; dispatchTypes is non-empty', () => {
    const weekdays = 'must be one of LUN, MAR, MIE, JUE, VIE, SAB, DOM';
    expect(
      problems(
        base({
          routes: [transfer('T', 'A', 'B', { daysOfWeek: ['MON'], mode: 'AIR', dispatchTypes: ['SLOW'] })],
        }),
      ),
    ).toEqual([
      { path: 'routes[0].mode', message: 'must be one of TRANSFER, HOME_DELIVERY, STORE_WITHDRAWAL' },
      { path: 'routes[0].daysOfWeek[0]', message: weekdays },
      { path: 'routes[0].dispatchTypes[0]', message: 'must be one of NORMAL, EXPRESS' },
    ]);
    expect(problems(base({ routes: [transfer('T', 'A', 'B', { dispatchTypes: [] })] }))).toEqual(
      one('routes[0].dispatchTypes', 'must not be empty'),
    );
    expect(
      problems(
        base({
          nodes: [node('A', { type: 'DC', pickingCutoffTime: '9:00', pickingDays: ['lun'] }), node('B')],
        }),
      ),
    ).toEqual([
      { path: 'nodes[0].type', message: 'must be one of CD, TD, PRV, SELLER' },
      { path: 'nodes[0].pickingDays[0]', message: weekdays },
      { path: 'nodes[0].pickingCutoffTime', message: 'must be a time HH:mm' },
    ]);
    const window = (start: string, end: string) => [
      homeRoute('R', 'A', 'Z', { deliveryWindows: [{ code: 'W', start, end }] }),
    ];
    expect(problems(base({ routes: window('24:00', '25:00') }))).toEqual([
      { path: 'routes[0].deliveryWindows[0].start', message: 'must be a time HH:mm' },
      { path: 'routes[0].deliveryWindows[0].end', message: 'must be a time HH:mm' },
    ]);
  });

  it('daysOfWeek is required; an empty daysOfWeek or pickingDays is valid', () => {
    const { daysOfWeek: _days, ...withoutDays } = transfer('T', 'A', 'B');
    expect(problems(base({ routes: [withoutDays] }))).toEqual(one('routes[0].daysOfWeek', 'is required'));
    expect(
      problems(
        base({
          nodes: [node('A', { pickingDays: [] }), node('B')],
          routes: [transfer('T', 'A', 'B', { daysOfWeek: [] })],
        }),
      ),
    ).toEqual([]);
  });

  it('windows end after they start', () => {
    const routes = [
      homeRoute('R', 'A', 'Z', { deliveryWindows: [{ code: 'W', start: '12:00', end: '12:00' }] }),
    ];
    expect(problems(base({ routes }))).toEqual(
      one('routes[0].deliveryWindows[0].end', 'must be after start'),
    );
  });

  it('configuration numbers are non-negative; stock may be negative and an override capacity null', () => {
    expect(
      problems(
        base({
          nodes: [node('A', { pickingCapacity: -1, processingDays: 1.5 }), node('B')],
          routes: [
            transfer('T', 'A', 'B', {
              leadTimeDays: -1,
              dispatchCapacity: 2.5,
              priority: -3,
              cost: { base: -1, perKg: 'x' },
            }),
          ],
        }),
      ),
    ).toEqual([
      { path: 'nodes[0].processingDays', message: 'must be an integer ≥ 0' },
      { path: 'nodes[0].pickingCapacity', message: 'must be an integer ≥ 0' },
      { path: 'routes[0].leadTimeDays', message: 'must be an integer ≥ 0' },
      { path: 'routes[0].dispatchCapacity', message: 'must be an integer ≥ 0' },
      { path: 'routes[0].priority', message: 'must be an integer ≥ 0' },
      { path: 'routes[0].cost.base', message: 'must be a number ≥ 0' },
      { path: 'routes[0].cost.perKg', message: 'must be a number ≥ 0' },
    ]);
    const operational = {
      ...base({ capacityOverrides: [{ scope: 'PICKING', ref: 'A', date: '2026-12-24', capacity: null }] }),
      stock: [{ sku: 'S', node: 'A', available: -3 }],
    };
    expect(problems(operational)).toEqual([]);
  });

  it('an ubigeo belongs to at most one zone', () => {
    expect(problems(base({ zones: [zone('Z', ['150101']), zone('Y', ['150102', '150101'])] }))).toEqual(
      one('zones[1].ubigeoCodes[1]', "ubigeo '150101' already belongs to zone 'Z'"),
    );
  });

  it('settings are within their bounds and the time zone exists', () => {
    const settings = {
      timezone: 'Mars/Olympus',
      searchHorizonDays: 0,
      maxDeliveryDates: 61,
      maxLegs: 6,
      maxAlternativePaths: 11,
      wholesale: { unitsThreshold: -1, additionalDays: 1 },
    };
    expect(problems(base({ settings }))).toEqual([
      { path: 'settings.timezone', message: "unknown time zone 'Mars/Olympus'" },
      { path: 'settings.searchHorizonDays', message: 'must be an integer between 1 and 366' },
      { path: 'settings.maxDeliveryDates', message: 'must be an integer between 1 and 60' },
      { path: 'settings.maxLegs', message: 'must be an integer between 1 and 5' },
      { path: 'settings.maxAlternativePaths', message: 'must be an integer between 1 and 10' },
      { path: 'settings.wholesale.unitsThreshold', message: 'must be an integer ≥ 0' },
    ]);
    expect(
      problems(
        base({
          settings: { searchHorizonDays: 366, maxDeliveryDates: 60, maxLegs: 5, maxAlternativePaths: 10 },
        }),
      ),
    ).toEqual([]);
  });

  it('settings.promiseConfidence gives each sale channel a confidence from 0.50 to 0.99 in steps of 0.01', () => {
    const confidence = (bySaleChannel: unknown) =>
      problems(base({ settings: { promiseConfidence: { bySaleChannel } } }));
    expect(confidence({ WEB: 0.95, APP: 0.5, STORE: 0.99, 'Marketplace 2': 0.57 })).toEqual([]);
    const message = 'must be a number from 0.50 to 0.99 in steps of 0.01';
    expect(confidence({ A: 0.3, B: 1.2, C: 0.955, D: '0.95', E: null, F: 1 })).toEqual(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((channel) => ({
        path: `settings.promiseConfidence.bySaleChannel.${channel}`,
        message,
      })),
    );
    expect(confidence([0.95])).toEqual(one('settings.promiseConfidence.bySaleChannel', 'must be an object'));
    expect(problems(base({ settings: { promiseConfidence: { byChannel: {} } } }))).toEqual(
      one('settings.promiseConfidence.byChannel', 'is not an accepted property'),
    );
    expect(problems(base({ settings: { promiseConfidence: 0.95 } }))).toEqual(
      one('settings.promiseConfidence', 'must be an object'),
    );
    const parsed = parseConfiguration(
      base({
        settings: { promiseConfidence: { bySaleChannel: JSON.parse('{"WEB":0.95,"__proto__":0.6}') } },
      }),
      { timezone: 'America/Lima' },
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const bySaleChannel = parsed.snapshot.settings.promiseConfidence?.bySaleChannel ?? {};
    expect(Object.entries(bySaleChannel)).toEqual([
      ['WEB', 0.95],
      ['__proto__', 0.6],
    ]);
    expect(Object.getPrototypeOf(bySaleChannel)).toBe(Object.prototype);
    const without = parseConfiguration(base(), { timezone: 'America/Lima' });
    expect(without.ok && 'promiseConfidence' in without.document.settings).toBe(false);
  });

  it('overrides, stock and usage refer to existing counters and nodes, once per key', () => {
    const document = {
      ...base({
        capacityOverrides: [
          { scope: 'DISPATCH', ref: 'NOPE', date: '2026-12-24', capacity: 0 },
          { scope: 'WINDOW', ref: 'R', date: '2026-12-24', capacity: 0 },
          { scope: 'WINDOW', ref: 'R:X', date: '2026-12-31', capacity: 0 },
          { scope: 'PICKING', ref: 'A', date: '2026-02-30', capacity: 0 },
          { scope: 'PICKING', ref: 'A', date: '2026-12-24' },
          { scope: 'WINDOW', ref: 'R:W', date: '2026-12-24', capacity: 1 },
          { scope: 'WINDOW', ref: 'R:W', date: '2026-12-24', capacity: 2 },
        ],
      }),
      stock: [{ sku: 'S', node: 'Q', available: 1 }],
      usage: [{ scope: 'DISPATCH', ref: 'T', date: '2026-12-24', used: -1 }],
    };
    expect(problems(document)).toEqual([
      { path: 'capacityOverrides[0].ref', message: "unknown route 'NOPE'" },
      { path: 'capacityOverrides[1].ref', message: "must be 'route:window' for WINDOW" },
      { path: 'capacityOverrides[2].ref', message: "unknown window 'R:X'" },
      { path: 'capacityOverrides[3].date', message: 'must be a date YYYY-MM-DD' },
      { path: 'capacityOverrides[4].capacity', message: 'required (null means unlimited)' },
      { path: 'capacityOverrides[6]', message: 'duplicate override for WINDOW R:W 2026-12-24' },
      { path: 'stock[0].node', message: "unknown node 'Q'" },
      { path: 'usage[0].used', message: 'must be an integer ≥ 0' },
    ]);
  });

  it('reports unknown properties and wrong shapes with their paths', () => {
    expect(problems('nope')).toEqual(one('', 'must be an object'));
    expect(problems({ nodes: {}, zones: [], routes: [], extra: 1 })).toEqual([
      { path: 'extra', message: 'is not an accepted property' },
      { path: 'nodes', message: 'must be an array' },
    ]);
    expect(
      problems(
        base({ nodes: [node('A', { colour: 'red', address: { street: 'x', latitude: 91 } }), node('B')] }),
      ),
    ).toEqual([
      { path: 'nodes[0].colour', message: 'is not an accepted property' },
      { path: 'nodes[0].address.street', message: 'is not an accepted property' },
      { path: 'nodes[0].address.latitude', message: 'must be a number between -90 and 90' },
    ]);
    expect(problems({ ...base(), version: 7, loadedAt: '2026-11-22T12:00:00Z' })).toEqual([]);
  });

  it('reports several problems together', () => {
    const document = base({
      nodes: [node('A', { pickingDays: ['LUN', 'LUN'] }), node('B')],
      routes: [
        transfer('T', 'A', 'C', { leadTimeDays: undefined }),
        homeRoute('R', 'A', 'Z', { deliveryWindows: [{ code: 'W', start: '09:00', end: '08:00' }] }),
      ],
    });
    expect(problems(document)).toEqual([
      { path: 'nodes[0].pickingDays[1]', message: "duplicate weekday 'LUN'" },
      { path: 'routes[0].leadTimeDays', message: 'is required' },
      { path: 'routes[1].deliveryWindows[0].end', message: 'must be after start' },
      { path: 'routes[0].targetNode', message: "unknown node 'C'" },
    ]);
  });
});

describe('E11.7 configuration', () => {
  it('E11.7 weekday lists have no duplicates', () => {
    expect(
      problems(base({ routes: [transfer('T', 'A', 'B', { daysOfWeek: ['MAR', 'JUE', 'MAR'] })] })),
    ).toEqual(one('routes[0].daysOfWeek[2]', "duplicate weekday 'MAR'"));
  });

  it('E11.7 leadTimeDays is required and description defaults to ""', () => {
    const { leadTimeDays: _lead, ...withoutLead } = transfer('T', 'A', 'B');
    expect(problems(base({ routes: [withoutLead] }))).toEqual(one('routes[0].leadTimeDays', 'is required'));
    const result = parseConfiguration(base(), { timezone: 'UTC' });
    expect(result.ok && result.snapshot.routeByCode.get('T')?.description).toBe('');
  });

  it('E11.7 window codes are unique within their route', () => {
    const windows = [
      { code: 'W', start: '09:00', end: '10:00' },
      { code: 'W', start: '11:00', end: '12:00' },
    ];
    expect(
      problems(
        base({
          routes: [
            homeRoute('R', 'A', 'Z', { deliveryWindows: windows }),
            homeRoute('R2', 'A', 'Z', { deliveryWindows: [windows[0]] }),
          ],
        }),
      ),
    ).toEqual(one('routes[0].deliveryWindows[1].code', "duplicate window code 'W'"));
  });
});

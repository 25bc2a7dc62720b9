/** E3.3 valid paths and the E5.1 tie order they come in. */
import {
  documentOf,
  homeRoute,
  node,
  snapshotOf,
  transfer,
  withdrawal,
  zone,
} from '../testing/world-builder';
import type { NodeModel, Snapshot } from '../configuration/snapshot';
import { findPaths } from './route-path.finder';

function world(routes: Record<string, unknown>[], settings: Record<string, unknown> = {}): Snapshot {
  return snapshotOf(
    documentOf({
      settings,
      nodes: [
        node('A'),
        node('B', { type: 'TD' }),
        node('C', { type: 'TD' }),
        node('P', { type: 'TD', pickupPointId: 'PP' }),
      ],
      zones: [zone('Z', ['150101'])],
      routes,
    }),
  );
}

const nodeOf = (snapshot: Snapshot, code: string): NodeModel => snapshot.nodeByCode.get(code) as NodeModel;
const toZone = (
  snapshot: Snapshot,
  from: string,
  type: 'NORMAL' | 'EXPRESS' = 'NORMAL',
  last = false,
): string[] =>
  findPaths(
    snapshot,
    nodeOf(snapshot, from),
    { zone: snapshot.zoneByCode.get('Z') as NonNullable<ReturnType<Snapshot['zoneByCode']['get']>> },
    type,
    last,
  ).map((p) => p.code);
const toPickup = (snapshot: Snapshot, from: string, last = false): string[] =>
  findPaths(snapshot, nodeOf(snapshot, from), { node: nodeOf(snapshot, 'P') }, 'NORMAL', last).map(
    (p) => p.code,
  );

describe('E3.3 valid paths', () => {
  const chain = [
    transfer('AB', 'A', 'B'),
    transfer('BC', 'B', 'C'),
    transfer('BA', 'B', 'A'),
    transfer('CA', 'C', 'A'),
    homeRoute('CZ', 'C', 'Z'),
    homeRoute('AZ', 'A', 'Z'),
  ];

  it('E3.3 a path chains transfers from the origin and ends with a home-delivery leg to the zone', () => {
    expect(toZone(world(chain), 'A')).toEqual(['AZ', 'AB>BC>CZ']);
    expect(toZone(world(chain), 'B')).toEqual(['BA>AZ', 'BC>CZ', 'BC>CA>AZ']);
  });

  it('E3.3 no node repeats and maxLegs bounds the legs', () => {
    expect(toZone(world(chain, { maxLegs: 2 }), 'A')).toEqual(['AZ']);
    expect(toZone(world(chain, { maxLegs: 2 }), 'B')).toEqual(['BA>AZ', 'BC>CZ']);
    // B→A→B→… would repeat B; C→A→B→C would repeat C
    expect(toZone(world(chain, { maxLegs: 5 }), 'C')).toEqual(['CZ', 'CA>AZ']);
  });

  it('E3.3 every leg must list the requested dispatch type', () => {
    const routes = [
      transfer('AB', 'A', 'B', { dispatchTypes: ['NORMAL'] }),
      homeRoute('BZ', 'B', 'Z'),
      homeRoute('AZ', 'A', 'Z', { dispatchTypes: ['EXPRESS'] }),
    ];
    expect(toZone(world(routes), 'A', 'NORMAL')).toEqual(['AB>BZ']);
    expect(toZone(world(routes), 'A', 'EXPRESS')).toEqual(['AZ']);
  });

  it('E3.3 all legs but the last are transfers', () => {
    const routes = [
      withdrawal('AP', 'A', 'P'),
      homeRoute('PZ', 'P', 'Z'),
      transfer('AP2', 'A', 'P', { priority: 1 }),
    ];
    expect(toZone(world(routes), 'A')).toEqual(['AP2>PZ']);
  });

  it('E3.3 store withdrawal ends with a STORE_WITHDRAWAL leg to the pickup node, or is empty at the pickup node', () => {
    const routes = [
      withdrawal('AP', 'A', 'P'),
      transfer('AB', 'A', 'B'),
      withdrawal('BP', 'B', 'P'),
      transfer('BP-T', 'B', 'P'),
      withdrawal('PA', 'P', 'A'),
    ];
    expect(toPickup(world(routes), 'A')).toEqual(['AP', 'AB>BP']);
    expect(toPickup(world(routes), 'P')).toEqual(['']);
  });

  it('E3.3 isLastRoute restricts paths to one leg, or none for withdrawal at the origin', () => {
    expect(toZone(world(chain), 'A', 'NORMAL', true)).toEqual(['AZ']);
    expect(toZone(world(chain), 'B', 'NORMAL', true)).toEqual([]);
    expect(
      toPickup(
        world([withdrawal('AP', 'A', 'P'), transfer('AB', 'A', 'B'), withdrawal('BP', 'B', 'P')]),
        'A',
        true,
      ),
    ).toEqual(['AP']);
    expect(toPickup(world([]), 'P', true)).toEqual(['']);
  });
});

describe('E5.1 tie order of paths', () => {
  it('E5.1 paths are ordered by sum of priorities, then number of legs, then codes by code point', () => {
    const routes = [
      homeRoute('Rb', 'A', 'Z', { priority: 10 }),
      homeRoute('RZ', 'A', 'Z', { priority: 10 }),
      homeRoute('R4', 'A', 'Z', { priority: 4 }),
      transfer('T', 'A', 'B', { priority: 2 }),
      homeRoute('BZ', 'B', 'Z', { priority: 2 }),
      homeRoute('R1', 'A', 'Z', { priority: 50 }),
    ];
    expect(toZone(world(routes), 'A')).toEqual(['R4', 'T>BZ', 'RZ', 'Rb', 'R1']);
  });
});

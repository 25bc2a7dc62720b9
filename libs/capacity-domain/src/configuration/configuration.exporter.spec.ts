/** GET /configuration: the snapshot back as a document (no stock or usage). */
import { demoDocument } from '../testing/demo-world';
import { parseConfiguration } from './configuration.parser';
import { snapshotToDocument, snapshotToDocumentInSlices } from './configuration.exporter';

describe('configuration export', () => {
  it('exports the demo snapshot as the demo document without its operational sections', () => {
    const parsed = parseConfiguration(demoDocument(), { timezone: 'UTC' });
    if (!parsed.ok) throw new Error('invalid demo');
    const { stock: _stock, usage: _usage, ...configuration } = demoDocument();
    expect(snapshotToDocument(parsed.snapshot)).toEqual(configuration);
  });

  it('exports the document the parser validated, defaults filled in (what a comparison of versions relies on)', () => {
    const document = {
      ...demoDocument(),
      capacityOverrides: [
        { scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-27', capacity: 100 },
        { scope: 'PICKING', ref: 'TD07', date: '2026-11-25', capacity: null },
      ],
    };
    const parsed = parseConfiguration(document, { timezone: 'UTC' });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const minimal = parseConfiguration(
      { nodes: [{ code: 'A', type: 'CD', pickingDays: ['DOM', 'LUN'] }], zones: [], routes: [] },
      { timezone: 'Europe/Madrid' },
    );
    if (!minimal.ok) throw new Error('invalid');
    expect(snapshotToDocument(parsed.snapshot)).toEqual(parsed.document);
    expect(snapshotToDocument(minimal.snapshot)).toEqual(minimal.document);
  });

  it('an exported document parses back to the same document', () => {
    const parsed = parseConfiguration(
      { nodes: [{ code: 'A', type: 'CD', pickingDays: ['DOM', 'LUN'] }], zones: [], routes: [] },
      { timezone: 'Europe/Madrid' },
    );
    if (!parsed.ok) throw new Error('invalid');
    const exported = snapshotToDocument(parsed.snapshot);
    expect(exported.settings.timezone).toBe('Europe/Madrid');
    expect(exported.nodes[0].pickingDays).toEqual(['LUN', 'DOM']);
    const again = parseConfiguration(JSON.parse(JSON.stringify(exported)), { timezone: 'UTC' });
    expect(again.ok && snapshotToDocument(again.snapshot)).toEqual(exported);
  });

  it('exports settings.promiseConfidence only when the document sets it', () => {
    const set = parseConfiguration(
      { ...demoDocument(), settings: { promiseConfidence: { bySaleChannel: { WEB: 0.95, APP: 0.9 } } } },
      { timezone: 'UTC' },
    );
    if (!set.ok) throw new Error(JSON.stringify(set.errors));
    const exported = snapshotToDocument(set.snapshot);
    expect(exported.settings.promiseConfidence).toEqual({ bySaleChannel: { WEB: 0.95, APP: 0.9 } });
    expect(exported).toEqual(set.document);
    const plain = parseConfiguration(demoDocument(), { timezone: 'UTC' });
    if (!plain.ok) throw new Error('invalid demo');
    expect(Object.keys(snapshotToDocument(plain.snapshot).settings)).toEqual([
      'timezone',
      'searchHorizonDays',
      'maxDeliveryDates',
      'maxLegs',
      'maxAlternativePaths',
      'wholesale',
    ]);
  });

  it('exports the same document in slices, pausing between them', async () => {
    const routes = Array.from({ length: 300 }, (_, index) => ({
      code: `R${index}`,
      source: 'A',
      targetNode: 'B',
      mode: 'TRANSFER',
      dispatchTypes: ['NORMAL'],
      daysOfWeek: ['LUN'],
      leadTimeDays: 1,
    }));
    const nodes = [
      { code: 'A', type: 'CD' },
      { code: 'B', type: 'TD' },
    ];
    const parsed = parseConfiguration({ nodes, zones: [], routes }, { timezone: 'UTC' });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    let pauses = 0;
    const pacer = { due: () => true, pause: async () => void pauses++ };
    expect(await snapshotToDocumentInSlices(parsed.snapshot, pacer)).toEqual(
      snapshotToDocument(parsed.snapshot),
    );
    expect(pauses).toBe(2); // 300 routes: a pause after each of the first two slices of 128
  });
});

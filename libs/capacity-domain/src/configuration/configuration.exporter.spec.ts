/** GET /configuration: the snapshot back as a document (no stock or usage). */
import { demoDocument } from '../testing/demo-world';
import { parseConfiguration } from './configuration.parser';
import { snapshotToDocument } from './configuration.exporter';

describe('configuration export', () => {
  it('exports the demo snapshot as the demo document without its operational sections', () => {
    const parsed = parseConfiguration(demoDocument(), { timezone: 'UTC' });
    if (!parsed.ok) throw new Error('invalid demo');
    const { stock: _stock, usage: _usage, ...configuration } = demoDocument();
    expect(snapshotToDocument(parsed.snapshot)).toEqual(configuration);
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
});

import { demoDocument } from '../testing/demo-world';
import { diffConfigurations, noChanges } from './configuration.diff';
import type { ConfigurationDocument } from './configuration-document.types';
import { runAtOnce } from '../shared/slices';

/** configuration.md "Compare and preview": exactly the edits, keyed and counted, lists cut at the limit. */
describe('diffConfigurations', () => {
  const base = (): ConfigurationDocument => demoDocument() as unknown as ConfigurationDocument;
  const diff = (before: ConfigurationDocument, after: ConfigurationDocument, limit = 100) =>
    runAtOnce(diffConfigurations(before, after, limit));

  it('finds nothing between a document and its copy', () => {
    const changes = diff(base(), base());
    expect(noChanges(changes)).toBe(true);
    expect(changes.truncated).toBe(false);
  });

  it('lists each kind of edit with its key and, for a change, the fields with old and new values', () => {
    const before = base();
    const after = base();
    const [first, second] = after.routes;
    first.daysOfWeek = [];
    first.dispatchCapacity = 2;
    after.routes = after.routes.filter((route) => route.code !== second.code);
    after.routes.push({ ...structuredClone(first), code: 'R-NEW' });
    (first.deliveryWindows ?? []).push({ code: 'EXTRA', start: '18:00', end: '20:00', capacity: 1 });
    after.nodes[0].holidays = [...(after.nodes[0].holidays ?? []), '2027-01-01'];
    after.zones[0].ubigeoCodes = [...after.zones[0].ubigeoCodes, '999999'];
    after.capacityOverrides = [
      { scope: 'PICKING', ref: after.nodes[0].code, date: '2026-12-31', capacity: 5 },
    ];
    after.settings = { ...after.settings, maxDeliveryDates: 7 };

    const changes = diff(before, after);
    expect(changes.settings).toEqual([
      { field: 'maxDeliveryDates', old: before.settings?.maxDeliveryDates ?? null, new: 7 },
    ]);
    expect(changes.routes).toEqual({
      counts: { added: 1, removed: 1, changed: 1 },
      added: ['R-NEW'],
      removed: [second.code],
      changed: [
        {
          key: first.code,
          fields: [
            { field: 'daysOfWeek', old: before.routes[0].daysOfWeek, new: [] },
            { field: 'dispatchCapacity', old: before.routes[0].dispatchCapacity ?? null, new: 2 },
          ],
        },
      ],
    });
    const windowsOf = (code: string, route: { deliveryWindows?: { code: string }[] }) =>
      (route.deliveryWindows ?? []).map((window) => `${code}:${window.code}`);
    expect(changes.windows.added.sort()).toEqual(
      [...windowsOf('R-NEW', after.routes[after.routes.length - 1]), `${first.code}:EXTRA`].sort(),
    );
    expect(changes.windows.removed).toEqual(windowsOf(second.code, before.routes[1]));
    expect(changes.holidays).toMatchObject({ added: [`${after.nodes[0].code}:2027-01-01`], removed: [] });
    expect(changes.zones.changed).toEqual([
      {
        key: after.zones[0].code,
        fields: [{ field: 'ubigeoCodes', old: before.zones[0].ubigeoCodes, new: after.zones[0].ubigeoCodes }],
      },
    ]);
    expect(changes.capacityOverrides.added).toEqual([`PICKING:${after.nodes[0].code}:2026-12-31`]);
    expect(changes.nodes.counts).toEqual({ added: 0, removed: 0, changed: 0 });
  });

  it('shows settings.promiseConfidence set, changed and removed (channels in any order are the same)', () => {
    const before = base();
    const set = {
      ...base(),
      settings: { ...before.settings, promiseConfidence: { bySaleChannel: { WEB: 0.95 } } },
    };
    expect(diff(before, set).settings).toEqual([
      { field: 'promiseConfidence', old: null, new: { bySaleChannel: { WEB: 0.95 } } },
    ]);
    const changed = {
      ...base(),
      settings: { ...before.settings, promiseConfidence: { bySaleChannel: { APP: 0.9, WEB: 0.9 } } },
    };
    expect(diff(set, changed).settings).toEqual([
      {
        field: 'promiseConfidence',
        old: { bySaleChannel: { WEB: 0.95 } },
        new: { bySaleChannel: { APP: 0.9, WEB: 0.9 } },
      },
    ]);
    const reordered = {
      ...base(),
      settings: { ...before.settings, promiseConfidence: { bySaleChannel: { WEB: 0.9, APP: 0.9 } } },
    };
    expect(noChanges(diff(changed, reordered))).toBe(true);
    expect(diff(set, before).settings).toEqual([
      { field: 'promiseConfidence', old: { bySaleChannel: { WEB: 0.95 } }, new: null },
    ]);
  });

  it('counts every entry but lists at most `limit` of each kind, and says it cut', () => {
    const before = base();
    const after = base();
    after.routes = [];
    const changes = diff(before, after, 2);
    expect(changes.routes.counts.removed).toBe(before.routes.length);
    expect(changes.routes.removed).toEqual(before.routes.slice(0, 2).map((route) => route.code));
    expect(changes.truncated).toBe(true);
  });

  it('is the mirror image when the sides are swapped', () => {
    const before = base();
    const after = base();
    after.routes = after.routes.slice(1);
    const forward = diff(before, after);
    const backward = diff(after, before);
    expect(backward.routes.added).toEqual(forward.routes.removed);
    expect(backward.routes.removed).toEqual(forward.routes.added);
  });
});

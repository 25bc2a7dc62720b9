/** A configuration validated and built in slices is the one built at once, with the caller's pauses in between. */
import { documentOf, homeRoute, node, zone } from '../testing/world-builder';
import { parseConfiguration, parseConfigurationInSlices } from './configuration.parser';
import type { Pacer } from '../shared/slices';

const ZONES = 1000;
const document = () =>
  documentOf({
    nodes: [node('A')],
    zones: Array.from({ length: ZONES }, (_, i) => zone(`Z${i}`, [String(100000 + i)])),
    routes: Array.from({ length: ZONES }, (_, i) => homeRoute(`R${i}`, 'A', `Z${i}`)),
  });
const counting = (due: boolean): Pacer & { pauses: number } => {
  const pacer = {
    pauses: 0,
    due: () => due,
    pause: async () => {
      pacer.pauses++;
    },
  };
  return pacer;
};

describe('configuration in slices', () => {
  it('builds the same snapshot as at once, pausing between slices of 128 entries', async () => {
    const pacer = counting(true);
    const sliced = await parseConfigurationInSlices(document(), { timezone: 'America/Lima' }, pacer);
    const atOnce = parseConfiguration(document(), { timezone: 'America/Lima' });
    if (!sliced.ok || !atOnce.ok) throw new Error('the document is invalid');
    expect(sliced.snapshot.routes).toHaveLength(ZONES);
    expect(sliced).toEqual(atOnce);
    // 9 passes of 1,000 entries, each pausing ⌊1000 / 128⌋ = 7 times: zones parsed, their codes and ubigeos checked,
    // built; routes parsed, their codes, window codes and references checked, built
    expect(pacer.pauses).toBe(9 * 7);
  });

  it('reports the same problems, in the same order, as at once', async () => {
    const broken = document() as { routes: { source: string }[]; zones: { code: string }[] };
    broken.routes[999].source = 'NOPE';
    broken.zones.push({ ...broken.zones[0] });
    const sliced = await parseConfigurationInSlices(broken, { timezone: 'America/Lima' }, counting(true));
    expect(sliced).toEqual(parseConfiguration(broken, { timezone: 'America/Lima' }));
    expect(sliced).toEqual({
      ok: false,
      errors: [
        { path: `zones[${ZONES}].code`, message: "duplicate zone code 'Z0'" },
        { path: 'routes[999].source', message: "unknown node 'NOPE'" },
      ],
    });
  });

  it('never pauses when the pacer is never due', async () => {
    const pacer = counting(false);
    expect((await parseConfigurationInSlices(document(), { timezone: 'America/Lima' }, pacer)).ok).toBe(true);
    expect(pacer.pauses).toBe(0);
  });
});

/** The snapshot holds one instance of each distinct day list, dispatch-type list and cost its routes repeat. */
import { documentOf, homeRoute, node, zone } from '../testing/world-builder';
import { parseConfiguration } from './configuration.parser';

const WEEKDAYS = ['LUN', 'MAR', 'MIE', 'JUE', 'VIE'];

describe('snapshot builder', () => {
  it('shares equal day lists, dispatch types and costs between routes, and keeps different ones apart', () => {
    const cost = { base: 8.5, perKg: 0.25 };
    const document = documentOf({
      nodes: [node('A')],
      zones: [zone('Z', ['150101'])],
      routes: [
        homeRoute('R1', 'A', 'Z', { daysOfWeek: WEEKDAYS, dispatchTypes: ['NORMAL'], cost }),
        homeRoute('R2', 'A', 'Z', {
          daysOfWeek: [...WEEKDAYS],
          dispatchTypes: ['NORMAL'],
          cost: { ...cost },
        }),
        homeRoute('R3', 'A', 'Z', {
          daysOfWeek: ['SAB'],
          dispatchTypes: ['EXPRESS'],
          cost: { base: 8.5, perKg: 1 },
        }),
      ],
    });
    const result = parseConfiguration(document, { timezone: 'UTC' });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const [r1, r2, r3] = result.snapshot.routes;

    expect(r2.daysOfWeek).toBe(r1.daysOfWeek);
    expect(r2.dispatchTypes).toBe(r1.dispatchTypes);
    expect(r2.cost).toBe(r1.cost);
    expect(r2.costBase).toBe(r1.costBase);
    expect(r2.costPerKg).toBe(r1.costPerKg);

    expect(r3.daysOfWeek).not.toBe(r1.daysOfWeek);
    expect(r3.costPerKg).not.toBe(r1.costPerKg);
    expect([r1.daysText, r1.daysMask, r1.dispatchTypes, r1.costBase, r1.costPerKg]).toEqual([
      'LUN,MAR,MIE,JUE,VIE',
      0b0011111,
      ['NORMAL'],
      { units: 85n, scale: 1 },
      { units: 25n, scale: 2 },
    ]);
    expect([r3.daysText, r3.daysMask, r3.dispatchTypes, r3.cost, r3.costBase, r3.costPerKg]).toEqual([
      'SAB',
      0b0100000,
      ['EXPRESS'],
      { base: 8.5, perKg: 1 },
      { units: 85n, scale: 1 },
      { units: 1n, scale: 0 },
    ]);
  });
});

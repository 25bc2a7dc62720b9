import {
  calculate,
  firstPromise,
  NO_DATA,
  type CalculateDeliveryCapacityRequest,
  type CalculationData,
  parseConfiguration,
  type Snapshot,
} from '@delivery/capacity-domain';
import { e10Request } from '../testing/capacity-fixtures';
import {
  calculatorOn,
  demoConfiguration,
  demoSnapshot,
  E10_NOW,
  fixedClock,
  LIMA,
} from '../testing/unit-fixtures';
import { READS_PER_STATEMENT } from './calculation-data.port';

describe('CapacityCalculator.compare over several turns of reads', () => {
  // 70 requests: two full turns of READS_PER_STATEMENT and part of a third; purchase days over a week and both
  // origins, so the first promises differ from request to request
  const requests = Array.from(
    { length: 70 },
    (_, i) =>
      e10Request(
        { purchaseDate: `2026-11-${String(22 + (i % 7)).padStart(2, '0')}` },
        i % 2 === 0 ? 'CD01' : 'SEL01',
      ) as unknown as CalculateDeliveryCapacityRequest,
  );

  it('answers every request in order, as a calculation of each alone would, and reads the next turn while it calculates', async () => {
    let kept = 0;
    /** for each read asked, in order: how many requests had been calculated and kept by then */
    const keptWhenAsked: number[] = [];
    const calculator = calculatorOn((): Promise<CalculationData> => {
      keptWhenAsked.push(kept);
      return new Promise((resolve) => setImmediate(() => resolve(NO_DATA)));
    });
    const before = demoSnapshot();
    // the normal route to Lima Centro a day slower
    const document = demoConfiguration() as { routes: { code: string; leadTimeDays: number }[] };
    const slower = document.routes.find(({ code }) => code === 'R-CD01-LIMCENTRO-N');
    if (slower === undefined) throw new Error('the demo world has R-CD01-LIMCENTRO-N');
    slower.leadTimeDays += 1;
    const built = parseConfiguration(document, LIMA);
    if (!built.ok) throw new Error('the changed document is valid');
    const after = built.snapshot;

    const compared = await calculator.compare(before, after, requests, E10_NOW, (was, now, index) => {
      kept++;
      return { index, was: firstPromise(was), now: firstPromise(now) };
    });

    const alone = (snapshot: Snapshot) => (request: CalculateDeliveryCapacityRequest) =>
      firstPromise(calculate(snapshot, request, NO_DATA, fixedClock()));
    expect(compared.map(({ index }) => index)).toEqual(requests.map((_, i) => i));
    expect(compared.map(({ was }) => was)).toEqual(requests.map(alone(before)));
    expect(compared.map(({ now }) => now)).toEqual(requests.map(alone(after)));
    expect(new Set(compared.map(({ was }) => JSON.stringify(was))).size).toBeGreaterThan(1);
    // the two snapshots answer differently, so a swap or an ignored `after` would show
    expect(compared.some(({ was, now }) => JSON.stringify(was) !== JSON.stringify(now))).toBe(true);
    expect(keptWhenAsked).toHaveLength(requests.length);
    // the first turn is read before anything is calculated; each later turn is asked before the turn before it
    // is calculated through (one read in flight while the CPU works)
    expect(keptWhenAsked.slice(0, READS_PER_STATEMENT)).toEqual(Array(READS_PER_STATEMENT).fill(0));
    expect(keptWhenAsked[READS_PER_STATEMENT]).toBeLessThan(READS_PER_STATEMENT);
    expect(keptWhenAsked[2 * READS_PER_STATEMENT]).toBeLessThan(2 * READS_PER_STATEMENT);
  });
});

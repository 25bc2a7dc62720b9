import {
  calculate,
  firstPromise,
  NO_DATA,
  type CalculateDeliveryCapacityRequest,
  type CalculationData,
} from '@delivery/capacity-domain';
import { e10Request } from '../testing/capacity-fixtures';
import { demoSnapshot, E10_NOW, fixedClock, calculatorOn } from '../testing/unit-fixtures';
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
    const after = demoSnapshot();

    const compared = await calculator.compare(before, after, requests, E10_NOW, (was, now, index) => {
      kept++;
      return { index, was: firstPromise(was), now: firstPromise(now) };
    });

    const alone = (request: CalculateDeliveryCapacityRequest) =>
      firstPromise(calculate(before, request, NO_DATA, fixedClock()));
    expect(compared.map(({ index }) => index)).toEqual(requests.map((_, i) => i));
    expect(compared.map(({ was }) => was)).toEqual(requests.map(alone));
    expect(compared.map(({ now }) => now)).toEqual(requests.map(alone));
    expect(new Set(compared.map(({ was }) => JSON.stringify(was))).size).toBeGreaterThan(1);
    expect(keptWhenAsked).toHaveLength(requests.length);
    // the first turn is read before anything is calculated; each later turn is asked before the turn before it
    // is calculated through (one read in flight while the CPU works)
    expect(keptWhenAsked.slice(0, READS_PER_STATEMENT)).toEqual(Array(READS_PER_STATEMENT).fill(0));
    expect(keptWhenAsked[READS_PER_STATEMENT]).toBeLessThan(READS_PER_STATEMENT);
    expect(keptWhenAsked[2 * READS_PER_STATEMENT]).toBeLessThan(2 * READS_PER_STATEMENT);
  });
});

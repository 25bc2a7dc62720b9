import type { LaneEstimateData, LearningSettings } from './lane-model.types';
import { ownAt } from './lane-estimate';
import { bufferAt, buffersOf, confidenceLevel } from './promise-buffer';

const settings: LearningSettings = {
  halfLifeDays: 28,
  priorDeliveries: 20,
  maxBufferStepDays: 1,
  maxBufferDays: 7,
  minBufferDays: 7,
};

const early: LaneEstimateData = {
  level: 'LANE',
  deliveries: 40,
  weight: 40,
  firstDelay: -3,
  ownByDelay: [0.2, 0.96, 0.98, 1],
  buffers: buffersOf(-3, [0.2, 0.96, 0.98, 1], settings, null),
};

describe('confidenceLevel', () => {
  it('indexes 0.50 … 0.99 in hundredths, nothing else', () => {
    expect([0.5, 0.57, 0.95, 0.99].map(confidenceLevel)).toEqual([0, 7, 45, 49]);
    expect([0.49, 1, 0.575, Number.NaN, 0.955].map(confidenceLevel)).toEqual([null, null, null, null, null]);
  });
});

describe('ownAt', () => {
  it('is 0 below the first delay, the stored value within, the last beyond', () => {
    expect([-5, -4, -3, -2, -1, 0, 1, 9].map((days) => ownAt(early, days))).toEqual([
      0, 0, 0.2, 0.96, 0.98, 1, 1, 1,
    ]);
  });
});

describe('buffersOf', () => {
  it('is the smallest delay reaching each confidence: negative on an early lane', () => {
    // 0.50–0.96: −2 days; 0.97–0.98: −1; 0.99: 0
    expect(early.buffers).toEqual([...Array(47).fill(-2), -1, -1, 0]);
  });

  it('compares F rounded to millionths, so 0.57 is reached by a stored 0.57 and by 0.5699995, not by 0.5699994', () => {
    expect(buffersOf(0, [0.57, 1], settings, null).slice(6, 9)).toEqual([0, 0, 1]);
    expect(buffersOf(0, Float64Array.of(0.5699995, 1), settings, null)[7]).toBe(0);
    expect(buffersOf(0, Float64Array.of(0.5699994, 1), settings, null)[7]).toBe(1);
  });

  it("moves at most maxBufferStepDays from the previous model's buffer", () => {
    const previous = Array(50).fill(0);
    expect(buffersOf(3, [1], settings, previous)).toEqual(Array(50).fill(1));
    expect(buffersOf(-3, [1], settings, previous)).toEqual(Array(50).fill(-1));
    expect(buffersOf(3, [1], { ...settings, maxBufferStepDays: 2 }, previous)).toEqual(Array(50).fill(2));
  });

  it("is the previous model's array itself when every buffer is the same, a new one otherwise", () => {
    const previous = [...early.buffers];
    expect(buffersOf(-3, [0.2, 0.96, 0.98, 1], settings, previous)).toBe(previous);
    const moved = buffersOf(-3, [0.2, 0.5, 0.98, 1], settings, previous);
    expect(moved).not.toBe(previous);
    // 0.50: −2 days as before; 0.51–0.98: −1 (one day from −2: within the step); 0.99: 0
    expect(moved).toEqual([-2, ...Array(47).fill(-1), -1, 0]);
  });
});

describe('bufferAt', () => {
  it("clamps the buffer so that the last leg's lead time + buffer ≥ 0", () => {
    expect(bufferAt(early, 0.9, 5)).toBe(-2);
    expect(bufferAt(early, 0.9, 1)).toBe(-1);
    expect(bufferAt(early, 0.9, 0)).toBe(0);
    expect(bufferAt(early, 0.99, 5)).toBe(0);
    expect(ownAt(early, bufferAt(early, 0.9, 1))).toBe(0.98);
  });

  it('refuses a confidence that is not a level', () => {
    expect(() => bufferAt(early, 0.995, 1)).toThrow(RangeError);
  });
});

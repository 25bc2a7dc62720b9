/** E3.4 distances and E11.2 ordering of distances and codes. */
import { compareCodes, compareDistance, distanceKm, haversineKm } from './geo-distance';

describe('E3.4 distance', () => {
  it('E3.4 is haversine with Earth radius 6371.0088 km', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111.19508023353,
      9,
    );
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * 6371.0088,
      9,
    );
  });
});

describe('E11.2 distances and codes', () => {
  it('E11.2 an unknown distance exceeds any limit and sorts last', () => {
    expect(distanceKm(null, { latitude: 0, longitude: 0 })).toBeNull();
    expect([3, null, 1, 2].sort(compareDistance)).toEqual([1, 2, 3, null]);
  });

  it('E11.2 codes compare by code point, not by locale', () => {
    expect(['b', 'B', 'a', 'A', '_', '-', '9'].sort(compareCodes)).toEqual([
      '-',
      '9',
      'A',
      'B',
      '_',
      'a',
      'b',
    ]);
    expect(compareCodes('\u{1F600}', '\uFFFF')).toBe(1);
    expect(compareCodes('R1', 'R1>R2')).toBe(-1);
    expect(compareCodes('R2', 'R10')).toBe(1);
  });
});

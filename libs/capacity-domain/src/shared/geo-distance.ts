/** E3.4: haversine distance, Earth radius 6371.0088 km; exact for comparisons, half-up to 2 decimals for reports. */
import { decimalOf, roundHalfUp } from './exact-decimal';

export const EARTH_RADIUS_KM = 6371.0088;

export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

const RADIANS = Math.PI / 180;

export function haversineKm(from: Coordinates, to: Coordinates): number {
  const dLat = (to.latitude - from.latitude) * RADIANS;
  const dLon = (to.longitude - from.longitude) * RADIANS;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.latitude * RADIANS) * Math.cos(to.latitude * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
}

/** Distance from `from` to `to`, or null when either side has no coordinates (unknown: E11.2). */
export function distanceKm(from: Coordinates | null, to: Coordinates | null): number | null {
  return from === null || to === null ? null : haversineKm(from, to);
}

export function reportedDistance(km: number): number {
  return roundHalfUp(decimalOf(km), 2);
}

/** Ascending distance with unknown (null) last; equal distances are left to the caller's code tie-break. */
export function compareDistance(a: number | null, b: number | null): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Code-point comparison (never `localeCompare`), E11.2. */
export function compareCodes(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x < 0xd800 || x > 0xdfff) {
      if (y < 0xd800 || y > 0xdfff) return x < y ? -1 : 1;
    }
    return (a.codePointAt(i) ?? x) < (b.codePointAt(i) ?? y) ? -1 : 1;
  }
  return a.length - b.length < 0 ? -1 : a.length > b.length ? 1 : 0;
}
